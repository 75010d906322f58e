import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS } from '#contract/reports.ts';
import { courseStateSql } from '../../server/services/course-state-sql.ts';
import {
  coursesSql,
  inDepartment,
  pairCountsSql,
  pairsSql,
  rowsOf,
  type UserFilter,
} from '../../server/services/reports/shared.ts';
import { userCourseStatus } from '../../server/services/reports/user-reports.ts';
import { makeTestApp, type TestApp } from './helpers.ts';

// The course reports' learner-course pairs (pairsSql: progress rows that belong plus audience
// learners without one) against their plain definition, the union of every audience row and
// every progress row grouped per pair, on the demo companies (all-users and department courses,
// group members, enrolments, 300 people) with inactive, deleted and unstarted learners added;
// the pairs counted per course and state (pairCountsSql) against the plain pairs counted, for the
// whole company, each department and at three instants; and the user course status report's page
// by name (the first learners' pairs) against the page of every pair sorted.

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

/** Three instants: before, inside and after most demo courses' end and expiry dates. */
const INSTANTS = [
  new Date(),
  new Date(Date.now() + 40 * 86_400_000),
  new Date(Date.now() + 400 * 86_400_000),
];

/** The plain pairs of `only`'s learners counted per course and state, with their passed post-tests. */
const plainCounts = (companyId: string, now: Date, only: UserFilter) => sql`
  select p.course_id, ${courseStateSql({
    startedAt: sql`p.started_at`,
    finishedAt: sql`p.finished_at`,
    endAt: sql`c.end_at`,
    expiry: sql`c.expiry`,
    now,
  })} as state, count(*)::int as n, (count(*) filter (where q.passed))::int as passed
  from (${plainPairs(companyId)}) p join courses c on c.id = p.course_id
  left join (select course_id, user_id, bool_or(passed) as passed from quiz_attempts
    where company_id = ${companyId} and slot = 'post' and submitted_at is not null group by 1, 2) q
    on q.course_id = p.course_id and q.user_id = p.user_id
  ${only ? sql`where ${only(sql`p.user_id`)}` : sql``}
  group by 1, 2`;

/** Counts per course and state (rows summed; zero rows left out), in order. */
const countsOf = (companyId: string, counts: ReturnType<typeof sql>) =>
  rowsOf<Record<string, unknown>>(
    t.app.db,
    sql`with courses as (${coursesSql(companyId, { range: null })}), counts as (${counts})
      select course_id::text, state, sum(n)::int as n, sum(passed)::int as passed from counts
      where state is not null group by 1, 2 having sum(n) <> 0 or sum(passed) <> 0 order by 1, 2`,
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
      const departments = await rowsOf<{ id: string }>(
        t.app.db,
        sql`select id from departments where company_id = ${company.id} order by id`,
      );
      for (const at of INSTANTS)
        for (const department of [undefined, ...departments.map((d) => d.id)]) {
          const only: UserFilter = department
            ? (userId) => inDepartment(userId, company.id, department)
            : undefined;
          const counted = await countsOf(company.id, pairCountsSql(company.id, at, only));
          const listed = await countsOf(company.id, plainCounts(company.id, at, only));
          expect(counted, `${company.code} ${at.toISOString()} ${department ?? 'all'}`).toEqual(listed);
        }
      if (company.code === 'DEMO') {
        expect(plain.length).toBeGreaterThan(200);
        // The inactive learners keep their started courses; the deleted one has none.
        expect(plain.some((p) => p.user_id === a && p.started_at)).toBe(true);
        expect(plain.some((p) => p.user_id === c)).toBe(false);
      }
    }
  });

  it('the user course status page by name is the page of every pair sorted', async () => {
    const [demo] = await rowsOf<{ id: string }>(t.app.db, sql`select id from companies where code = 'DEMO'`);
    const who = { companyId: demo!.id, userId: 'test' };
    const [group] = await rowsOf<{ id: string }>(
      t.app.db,
      sql`select d.id from departments d join department_members m on m.department_id = d.id
        where d.company_id = ${demo!.id} group by d.id order by count(*) desc limit 1`,
    );
    const now = new Date(Date.now() + 40 * 86_400_000);
    const sort = REPORTS.UserCourseStatus.defaultSort.field;
    // The states present, rarest first: a rare one leaves the first learners' pairs short of a page.
    const all = await userCourseStatus(t.app.db, who, { page: 1, per_page: 1000 }, now, true);
    const tally = new Map<string, number>();
    for (const r of all.items) tally.set(r.state, (tally.get(r.state) ?? 0) + 1);
    const states = [...tally]
      .sort((a, b) => a[1] - b[1])
      .map(([s]) => s as (typeof all.items)[number]['state']);
    expect(states.length).toBeGreaterThan(1);
    const requests = [
      { page: 1, per_page: 50 },
      { page: 3, per_page: 7, sort, order: 'desc' as const },
      { page: 8, per_page: 25 },
      { page: 2, per_page: 10, departmentId: group!.id },
      { page: 1, per_page: 20, courseState: states[0] },
      { page: 2, per_page: 5, courseState: states.at(-1), sort, order: 'asc' as const },
      { page: 1000, per_page: 50 },
    ];
    for (const req of requests) {
      const fast = await userCourseStatus(t.app.db, who, req, now);
      const plain = await userCourseStatus(t.app.db, who, req, now, true);
      expect(fast, JSON.stringify(req)).toEqual(plain);
      if (req.page < 1000) expect(fast.items.length, JSON.stringify(req)).toBeGreaterThan(0);
    }
  });
});
