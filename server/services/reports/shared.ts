import { type SQL, sql } from 'drizzle-orm';
import type { ReportAnswer, ReportName, ReportRequest } from '#contract/reports.ts';
import { REPORTS } from '#contract/reports.ts';
import { type Db, rowsOf } from '../../db/client.ts';
import { courseStateSql } from '../course-state-sql.ts';

/** A report request as the route hands it over (after its schema: page and per_page set). */
export type ParsedReportRequest = Omit<ReportRequest, 'page' | 'per_page'> & {
  page: number;
  per_page: number;
};
export type Who = { companyId: string; userId: string };

/**
 * Runs a report's query with more memory for its sorts and hash aggregates (PostgreSQL's 4 MB
 * default spills the per-viewer aggregates of a million events to disk), for this transaction only.
 * With `hashJoins` (the course reports), nested-loop and merge joins are turned off too: the
 * planner guesses a few learner-course pairs from the courses' JSON dates where there are tens of
 * thousands, and then probes or sorts them one by one (bench: 66,000 probes, or two sorts by
 * text ids, most of the query's time); hash joins are right for both sizes. Sorts are off there
 * for the same reason (a page's top-N sort has no other way and still runs): the distinct
 * audiences and the counts per course become hash aggregates. JIT is off: a report is a short
 * query, and the costs of the turned-off joins made PostgreSQL compile one for seconds. No parallel
 * workers: each is a new process that loads the catalog afresh, and the dashboard's queries run side
 * by side, so on the bench's 2 cores its view query took 190 to 380 ms with them and about 50 ms
 * without (PGlite has none).
 */
export const REPORT_WORK_MEM = '64MB';
export const withReportMemory = <T>(db: Db, fn: (tx: Db) => Promise<T>, hashJoins = false) =>
  db.transaction(async (tx) => {
    // One statement (PGlite's extended protocol takes one): transaction-local settings.
    // Stated both ways: inside a caller's transaction (a savepoint) the previous statement's
    // settings would otherwise last until that transaction ends.
    const joins = hashJoins ? 'off' : 'on';
    await tx.execute(sql`select set_config('work_mem', ${REPORT_WORK_MEM}, true), set_config('jit', 'off', true),
      set_config('max_parallel_workers_per_gather', '0', true),
      set_config('enable_nestloop', ${joins}, true), set_config('enable_mergejoin', ${joins}, true), set_config('enable_sort', ${joins}, true)`);
    return fn(tx as unknown as Db);
  });

/** An instant as the API writes it (ISO 8601 in UTC), made by SQL so both drivers agree. */
export const isoSql = (v: SQL | string) =>
  sql`to_char(${typeof v === 'string' ? sql.raw(v) : v} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** LIKE pattern of a literal: %, _ and \ are matched as themselves. */
export const contains = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The instants bounding a range of local days: `from` 00:00 to the day after `to` 00:00 in the
 * time zone (half-open), computed once by PostgreSQL's zone rules; null without a range.
 */
export function rangeOf(r: { from?: string; to?: string; timeZone?: string }) {
  if (!r.from || !r.to || !r.timeZone) return null;
  return {
    lo: sql`(${r.from}::date::timestamp at time zone ${r.timeZone})`,
    hi: sql`((${r.to}::date + 1)::timestamp at time zone ${r.timeZone})`,
  };
}
export type Range = ReturnType<typeof rangeOf>;

/** Views of the company, in the range when there is one. */
export const viewsWhere = (companyId: string, range: Range, alias = 'view_events') => {
  const a = sql.raw(alias);
  return range
    ? sql`${a}.company_id = ${companyId} and ${a}.viewed_at >= ${range.lo} and ${a}.viewed_at < ${range.hi}`
    : sql`${a}.company_id = ${companyId}`;
};

/**
 * Users of a department of the company: its members (department_members, the spec's groups) and
 * those whose main department it is, as course audiences count them. Another company's
 * department names no one.
 */
export const inDepartment = (userId: SQL, companyId: string, departmentId: string) => sql`${userId} in (
  select u.id from users u where u.company_id = ${companyId} and u.department_id = ${departmentId}
  union
  select dm.user_id from department_members dm join departments d on d.id = dm.department_id
  where d.company_id = ${companyId} and dm.department_id = ${departmentId})`;

/** Live courses of the company as rows (id, name, start, end, expiry), filtered. */
export function coursesSql(companyId: string, opts: { range: Range; courseId?: string; search?: string }) {
  const conds = [
    sql`company_id = ${companyId}`,
    sql`resource = 'Course'`,
    sql`deleted_at is null`,
    opts.courseId ? sql`id = ${opts.courseId}::uuid` : undefined,
    // Running in the range: started before it ends and not ended before it starts.
    opts.range
      ? sql`(data ->> 'startAt')::timestamptz < ${opts.range.hi} and (data ->> 'endAt')::timestamptz >= ${opts.range.lo}`
      : undefined,
    opts.search ? sql`data ->> 'name' ilike ${contains(opts.search)}` : undefined,
  ].filter((c) => c !== undefined);
  return sql`select id, data ->> 'name' as name, data,
      (data ->> 'startAt')::timestamptz as start_at,
      (data ->> 'endAt')::timestamptz as end_at,
      coalesce(nullif(data ->> 'expiresAt', ''), data ->> 'endAt')::timestamptz as expiry
    from records where ${sql.join(conds, sql` and `)}`;
}

/** A restriction of the learners (a predicate on a user id column), e.g. a department's users. */
export type UserFilter = ((userId: SQL) => SQL) | undefined;
const andUser = (only: UserFilter, userId: SQL) => (only ? sql` and ${only(userId)}` : sql``);
const allUsersSql = sql`coalesce((c.data ->> 'allUsers')::boolean, false)`;

/** The company's live users (id, active), of `only` when given. */
const liveSql = (companyId: string, only: UserFilter) =>
  sql`select id, active from users where company_id = ${companyId} and deleted_at is null${andUser(only, sql`id`)}`;

/**
 * The audiences of the department courses in CTE `courses` (not all-users ones), distinct: members
 * and main-department users of their departments and their enrolled users, live and active.
 */
const listedSql = (companyId: string, only: UserFilter) => sql`
    select distinct course_id, user_id from (
      select c.id as course_id, u.id as user_id from courses c
        cross join lateral jsonb_array_elements_text(c.data -> 'departmentIds') dep(id)
        join users u on u.department_id = dep.id and u.company_id = ${companyId} and u.deleted_at is null and u.active${andUser(only, sql`u.id`)}
        where not ${allUsersSql}
      union all
      select c.id, u.id from courses c
        cross join lateral jsonb_array_elements_text(c.data -> 'departmentIds') dep(id)
        join department_members dm on dm.department_id = dep.id
        join users u on u.id = dm.user_id and u.company_id = ${companyId} and u.deleted_at is null and u.active${andUser(only, sql`u.id`)}
        where not ${allUsersSql}
      union all
      select c.id, u.id from records e
        join courses c on c.id::text = e.data ->> 'courseId'
        join users u on u.id = e.data ->> 'userId' and u.company_id = ${companyId} and u.deleted_at is null and u.active${andUser(only, sql`u.id`)}
        where e.company_id = ${companyId} and e.resource = 'Enrolment' and e.deleted_at is null
          and e.data ->> 'status' = 'enrolled' and not ${allUsersSql}
    ) a`;

/**
 * Learner-course pairs of the courses in CTE `courses`, each with its progress (`started_at`,
 * `finished_at`; null without a progress row): the course's audience (course-audience.ts: every
 * active user when allUsers, members and main-department users of its departments, enrolled
 * users; live active users only) plus every live user with progress in it (so history stays when
 * a group changes), as the course report lists them. All in SQL, so no course is computed in
 * Node. A pair has at most one progress row (its key), so the pairs are the progress rows that
 * belong (started by a live user, or of a learner in the audience) plus the audience learners
 * without one (an anti-join). Only the department courses' audiences, which overlap, are made
 * distinct; an all-users course's audience is the live active users as they are (bench: a hash
 * aggregate over every audience and progress row cost most of each course report).
 * With `only`, the pairs of those users alone (the same pairs, fewer learners); the anti-join also
 * reads only their progress rows (else the planner hashed every progress row of the company: 60 ms
 * of the 150 ms of the user course status report's page on the bench).
 */
export const pairsSql = (companyId: string, only?: UserFilter) => {
  const allUsers = allUsersSql;
  return sql`
  with live as (${liveSql(companyId, only)}),
  listed as (${listedSql(companyId, only)})
  select cp.course_id, cp.user_id, cp.started_at, cp.finished_at
  from course_progress cp
  join courses c on c.id = cp.course_id
  join live u on u.id = cp.user_id
  where cp.company_id = ${companyId}${andUser(only, sql`cp.user_id`)} and (cp.started_at is not null or (u.active and (${allUsers}
    or exists (select 1 from listed l where l.course_id = cp.course_id and l.user_id = cp.user_id))))
  union all
  select a.course_id, a.user_id, null::timestamptz, null::timestamptz
  from (
    select c.id as course_id, u.id as user_id from courses c join live u on u.active where ${allUsers}
    union all
    select course_id, user_id from listed
  ) a
  where not exists (select 1 from course_progress cp
    where cp.company_id = ${companyId} and cp.course_id = a.course_id and cp.user_id = a.user_id${andUser(only, sql`cp.user_id`)})`;
};

/**
 * The pairs (pairsSql) of the courses in CTE `courses` counted per course and state without
 * listing them: `(course_id, state, n, passed)`, several rows per course and state (sum them);
 * `passed`: those of the pairs with a passed post-test. The same rule as pairsSql, counted:
 * - a learner is in a course's audience when active and the course is for all users, or one of
 *   the learner's departments (main and member ones) is one of the course's, or the learner is
 *   enrolled in it;
 * - the progress rows that belong (started, or of a learner in the audience) are read once, each
 *   with its state;
 * - a pair without a progress row is in its course's state for no progress (the course's dates
 *   and the clock alone), so those pairs are counted, not listed: the audience's size less the
 *   progress rows in the audience. The audience's size: the live active learners grouped by their
 *   set of departments (a few groups), those groups whose set meets the course's, plus the
 *   enrolled learners not counted by their departments.
 * tests/server/report-pairs.test.ts compares these counts with the listed pairs.
 */
export const pairCountsSql = (companyId: string, now: Date, only?: UserFilter) => {
  const state = (started: SQL, finished: SQL) =>
    courseStateSql({
      startedAt: started,
      finishedAt: finished,
      endAt: sql`c.end_at`,
      expiry: sql`c.expiry`,
      now,
    });
  const inAudience = (courseId: SQL, userId: SQL) =>
    sql`u.active and (c.all_users or u.deps && c.deps or (${courseId}::text, ${userId}) in (select course_id, user_id from enrolled))`;
  return sql`
  with live as (
    select u.id, u.active,
      array_append(array_remove(array_agg(dm.department_id), null), u.department_id) as deps
    from users u left join department_members dm on dm.user_id = u.id
    where u.company_id = ${companyId} and u.deleted_at is null${andUser(only, sql`u.id`)}
    group by u.id),
  course_deps as (
    select c.id, c.end_at, c.expiry, ${allUsersSql} as all_users,
      array(select jsonb_array_elements_text(c.data -> 'departmentIds')) as deps
    from courses c),
  enrolled as (
    select e.data ->> 'courseId' as course_id, e.data ->> 'userId' as user_id from records e
    where e.company_id = ${companyId} and e.resource = 'Enrolment' and e.deleted_at is null
      and e.data ->> 'status' = 'enrolled' and e.data ->> 'courseId' is not null and e.data ->> 'userId' is not null),
  passed as (
    select course_id, user_id from quiz_attempts
    where company_id = ${companyId} and slot = 'post' and submitted_at is not null
    group by 1, 2 having bool_or(passed)),
  per_state as (
    -- The progress rows of the courses (by the company-course index), each with the flags its
    -- write kept on it (migration 0023): its learner live, in the course's audience, and with a
    -- passed post-test; the state from its instants, the course's dates and the clock.
    select cp.course_id, ${state(sql`cp.started_at`, sql`cp.finished_at`)} as state,
      count(*) filter (where cp.started_at is not null or cp.pair_audience) as n,
      count(*) filter (where (cp.started_at is not null or cp.pair_audience) and cp.pair_passed) as passed,
      count(*) filter (where cp.pair_audience) as n_audience,
      count(*) filter (where cp.pair_audience and cp.pair_passed) as passed_audience
    from course_progress cp
    join course_deps c on c.id = cp.course_id
    where cp.company_id = ${companyId} and cp.course_id = any(array(select id from courses))
      and cp.pair_live${andUser(only, sql`cp.user_id`)}
    group by 1, 2),
  groups as materialized (select deps, count(*) as n from live u where u.active group by deps),
  enrolled_extra as (
    select c.id as course_id, count(distinct u.id) as n
    from enrolled e
    join course_deps c on c.id::text = e.course_id
    join live u on u.id = e.user_id
    where u.active and not c.all_users and not (u.deps && c.deps)
    group by 1),
  audience_passed as (
    select t.course_id, count(*) as n from passed t
    join course_deps c on c.id = t.course_id
    join live u on u.id = t.user_id
    where ${inAudience(sql`t.course_id`, sql`t.user_id`)}
    group by 1)
  select course_id, state, n::int, passed::int from per_state
  union all
  select c.id, ${state(sql`null::timestamptz`, sql`null::timestamptz`)},
    ((select coalesce(sum(g.n), 0) from groups g where c.all_users or g.deps && c.deps) + coalesce(x.n, 0)
      - coalesce((select sum(n_audience) from per_state s where s.course_id = c.id), 0))::int,
    (coalesce(t.n, 0) - coalesce((select sum(passed_audience) from per_state s where s.course_id = c.id), 0))::int
  from course_deps c
  left join enrolled_extra x on x.course_id = c.id
  left join audience_passed t on t.course_id = c.id`;
};

/** The state of pair `p` (pairsSql) of course `c`. */
export const pairStateSql = (now: Date) =>
  courseStateSql({
    startedAt: sql`p.started_at`,
    finishedAt: sql`p.finished_at`,
    endAt: sql`c.end_at`,
    expiry: sql`c.expiry`,
    now,
  });

/** Post-test results per course and learner: whether a submitted attempt passed. */
export const postTestsSql = (companyId: string, only?: UserFilter) => sql`
  select course_id, user_id, bool_or(passed) as passed from quiz_attempts
  where company_id = ${companyId} and slot = 'post' and submitted_at is not null${andUser(only, sql`user_id`)}
  group by course_id, user_id`;

/** Live users of the company with their main department's name and state. */
export const peopleSql = (companyId: string) => sql`
  select u.id, u.employee_id, trim(u.first_name || ' ' || u.last_name) as name,
    coalesce(d.name, '') as department, u.active, u.department_id, u.first_name, u.last_name
  from users u left join departments d on d.id = u.department_id
  where u.company_id = ${companyId} and u.deleted_at is null`;

/**
 * One page of a report from `base` (a select whose columns carry the row's camelCase names):
 * the number of rows, the sums of the report's totals over all of them, and the page sorted by
 * the requested column with `key` as the tiebreaker (stable pages). One round trip.
 */
export async function pageOf<N extends ReportName>(
  db: Db,
  name: N,
  req: ParsedReportRequest,
  base: SQL,
  key: string,
  now: Date,
  ctes: SQL = sql``,
  hashJoins = false,
): Promise<ReportAnswer<N>> {
  return (await pageQuery(db, name, req, base, key, now, ctes, hashJoins)).answer;
}

/**
 * pageOf, and when `base` lists only some of the report's rows (the first ones in the page's
 * order): `over.total`, the number of all of them, and `over.complete`, whether `base` lists them
 * all. `listed`: the rows `base` lists.
 */
export async function pageQuery<N extends ReportName>(
  db: Db,
  name: N,
  req: ParsedReportRequest,
  base: SQL,
  key: string,
  now: Date,
  ctes: SQL = sql``,
  hashJoins = false,
  over?: { total: SQL; complete: SQL },
): Promise<{ answer: ReportAnswer<N>; listed: number; complete: boolean }> {
  const def = REPORTS[name];
  const field: string = req.sort ?? def.defaultSort.field;
  const order = req.order ?? (req.sort ? 'asc' : def.defaultSort.order);
  const dir = sql.raw(order === 'desc' ? 'desc nulls last' : 'asc nulls first');
  const col = (c: string) => sql.raw(`"${c.replace(/"/g, '')}"`);
  const totals: readonly string[] = def.totals;
  const sums = totals.map((t) => sql`coalesce(sum(${col(t)}), 0)::float8 as ${col(`sum_${t}`)}`);
  type Row = Record<string, unknown> & {
    total_rows: number;
    all_rows: number;
    complete: boolean;
    items: Record<string, unknown>[];
  };
  const orderBy = sql`${col(field)} ${dir}, ${col(key)}`;
  // The page is a top-N sort of `base` (no window over every row), its rows in order in one array.
  const rows = await withReportMemory(
    db,
    (tx) =>
      rowsOf<Row>(
        tx,
        sql`with ${ctes} base as (${base}),
      agg as (select count(*)::int as total_rows ${sums.length ? sql`, ${sql.join(sums, sql`, `)}` : sql``} from base)
      select agg.*, ${over ? sql`${over.total} as all_rows, ${over.complete} as complete` : sql`agg.total_rows as all_rows, true as complete`},
        (select coalesce(json_agg(to_jsonb(p) order by ${orderBy}), '[]') from (
        select * from base order by ${orderBy} limit ${req.per_page} offset ${(req.page - 1) * req.per_page}) p) as items
      from agg`,
      ),
    hashJoins,
  );
  const first = rows[0]!;
  return {
    answer: {
      asOf: now.toISOString(),
      items: first.items as ReportAnswer<N>['items'],
      total: Number(first.all_rows),
      totals: Object.fromEntries(totals.map((t) => [t, Number(first[`sum_${t}`])])),
      page: req.page,
      per_page: req.per_page,
    },
    listed: Number(first.total_rows),
    complete: !!first.complete,
  };
}
