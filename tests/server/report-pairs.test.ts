import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursesSql, pairsSql, rowsOf } from '../../server/services/reports/shared.ts';
import { makeTestApp, type TestApp } from './helpers.ts';

// The course reports' learner-course pairs (pairsSql: progress rows that belong plus audience
// learners without one) against their plain definition, the union of every audience row and
// every progress row grouped per pair, on the demo companies (all-users and department courses,
// group members, enrolments, 300 people) with inactive, deleted and unstarted learners added.

let t: TestApp;

/** The definition: a pair is listed by an audience row (live active users) or by a progress row started by a live user. */
const plainPairs = (companyId: string) => sql`
  select course_id, user_id, max(started_at) as started_at, max(finished_at) as finished_at
  from (
    select c.id as course_id, u.id as user_id, null::timestamptz as started_at, null::timestamptz as finished_at, true as listed
    from courses c join users u on u.company_id = ${companyId} and u.deleted_at is null and u.active
    where (c.data ->> 'allUsers')::boolean
    union all
    select c.id, u.id, null, null, true from courses c
      cross join lateral jsonb_array_elements_text(c.data -> 'departmentIds') dep(id)
      join users u on u.department_id = dep.id and u.company_id = ${companyId} and u.deleted_at is null and u.active
    union all
    select c.id, u.id, null, null, true from courses c
      cross join lateral jsonb_array_elements_text(c.data -> 'departmentIds') dep(id)
      join department_members dm on dm.department_id = dep.id
      join users u on u.id = dm.user_id and u.company_id = ${companyId} and u.deleted_at is null and u.active
    union all
    select c.id, u.id, null, null, true from records e
      join courses c on c.id::text = e.data ->> 'courseId'
      join users u on u.id = e.data ->> 'userId' and u.company_id = ${companyId} and u.deleted_at is null and u.active
      where e.company_id = ${companyId} and e.resource = 'Enrolment' and e.deleted_at is null
        and e.data ->> 'status' = 'enrolled'
    union all
    select cp.course_id, cp.user_id, cp.started_at, cp.finished_at, cp.started_at is not null and u.id is not null
    from course_progress cp join courses c on c.id = cp.course_id
    left join users u on u.id = cp.user_id and u.deleted_at is null
    where cp.company_id = ${companyId}
  ) x
  group by course_id, user_id
  having bool_or(listed)`;

const pairsOf = (companyId: string, pairs: ReturnType<typeof sql>) =>
  rowsOf<Record<string, unknown>>(
    t.app.db,
    sql`with courses as (${coursesSql(companyId, { range: null })}), pairs as (${pairs})
      select course_id::text, user_id, started_at::text, finished_at::text from pairs order by 1, 2`,
  );

beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('course report pairs', () => {
  it('are the audiences and the started learners, as the plain definition lists them', async () => {
    const companies = await rowsOf<{ id: string; code: string }>(
      t.app.db,
      sql`select id, code from companies`,
    );
    const demo = companies.find((c) => c.code === 'DEMO')!.id;
    const learners = await rowsOf<{ user_id: string }>(
      t.app.db,
      sql`select distinct user_id from course_progress where company_id = ${demo} order by user_id limit 6`,
    );
    expect(learners).toHaveLength(6);
    const [a, b, c, d] = learners.map((r) => r.user_id);
    // Two learners with progress leave (inactive), one is deleted; one has a progress row not yet started.
    await t.app.db.execute(sql`update users set active = false where id in (${a}, ${b})`);
    await t.app.db.execute(sql`update users set deleted_at = now() where id = ${c}`);
    await t.app.db.execute(sql`update course_progress set started_at = null, finished_at = null
      where user_id = ${d} and company_id = ${demo}`);
    // And a user outside every audience with an unstarted row of a department course.
    await t.app.db.execute(sql`insert into course_progress (company_id, course_id, user_id, updated_at)
      select ${demo}, r.id, u.id, now() from records r, users u
      where r.company_id = ${demo} and r.resource = 'Course' and r.deleted_at is null
        and not coalesce((r.data ->> 'allUsers')::boolean, false)
        and u.company_id = ${demo} and u.user_type = 'admin'
        and not exists (select 1 from course_progress p where p.course_id = r.id and p.user_id = u.id)
      limit 1`);

    for (const company of companies) {
      const plain = await pairsOf(company.id, plainPairs(company.id));
      const pairs = await pairsOf(company.id, pairsSql(company.id));
      expect(pairs, company.code).toEqual(plain);
      if (company.code === 'DEMO') {
        expect(plain.length).toBeGreaterThan(200);
        // The inactive learners keep their started courses; the deleted one has none.
        expect(plain.some((p) => p.user_id === a && p.started_at)).toBe(true);
        expect(plain.some((p) => p.user_id === c)).toBe(false);
      }
    }
  });
});
