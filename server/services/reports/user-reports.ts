import { type SQL, sql } from 'drizzle-orm';
import { REPORTS, type ReportAnswer } from '#contract/reports.ts';
import { type Db, rowsOf } from '../../db/client.ts';
import {
  contains,
  coursesSql,
  inDepartment,
  isoSql,
  type ParsedReportRequest,
  pageOf,
  pageQuery,
  pairCountsSql,
  pairStateSql,
  pairsSql,
  peopleSql,
  postTestsSql,
  rangeOf,
  type UserFilter,
  type Who,
  withReportMemory,
} from './shared.ts';
import { coverOf, viewTotalsSql } from './view-rollups.ts';

const and = (conds: (SQL | undefined)[]) => {
  const list = conds.filter((c) => c !== undefined);
  return list.length ? sql.join(list, sql` and `) : sql`true`;
};

/** A PostgreSQL array literal of texts (one parameter, where drizzle would spread a list). */
const textArray = (values: string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/** Who matches a search over employee ID and name (and `more` columns). */
const searchPeople = (search: string | undefined, more: SQL[] = []) => {
  if (!search) return undefined;
  const p = contains(search);
  return sql`(${sql.join([sql`u.employee_id`, sql`u.name`, ...more], sql` ilike ${p} or `)} ilike ${p})`;
};

/**
 * user-activity: every live user of the company (filtered) with their views in the range: how
 * many, of how many contents, seconds, the last one. Users without views are listed with zeros.
 * The views come from the rollups (view-rollups.ts).
 */
export async function userActivity(
  db: Db,
  who: Who,
  req: ParsedReportRequest,
  now: Date,
): Promise<ReportAnswer<'UserActivity'>> {
  const cover = await coverOf(db, rangeOf(req));
  const base = sql`
    select u.id as "userId", u.employee_id as "employeeId", u.name, u.department,
      case when u.active then 'active' else 'inactive' end as state,
      coalesce(v.views, 0) as views, coalesce(v.n_distinct, 0) as contents, coalesce(v.seconds, 0) as seconds,
      ${isoSql(sql`v.last_at`)} as "lastViewedAt"
    from people u left join (${viewTotalsSql(who.companyId, cover, 'user')}) v on v.user_id = u.id
    where ${and([
      req.departmentId ? inDepartment(sql`u.id`, who.companyId, req.departmentId) : undefined,
      req.userState ? sql`u.active = ${req.userState === 'active'}` : undefined,
      searchPeople(req.search),
    ])}`;
  return pageOf(db, 'UserActivity', req, base, 'userId', now, sql`people as (${peopleSql(who.companyId)}),`);
}

/**
 * user-course-status-report: one row per learner and course of the courses running in the range
 * (pairs: the course audience plus learners with progress, as the course report), with the state
 * of docs/course-progress.md and the post-test result.
 *
 * Sorted by name (the default) and without a search, the page and the total are found without
 * listing every pair: the total is the pairs counted per course and state (pairCountsSql), and the
 * page is the first rows of the pairs of the first learners by name (pairsSql of those learners
 * only): every learner by name up to the `batch`-th one, ties included, so any other learner's rows
 * sort after all of theirs; when their rows do not fill the page, `batch` grows. `plain` lists every
 * pair (the other sorts and the search), as tests/server/report-pairs.test.ts compares.
 */
export async function userCourseStatus(
  db: Db,
  who: Who,
  req: ParsedReportRequest,
  now: Date,
  plain = false,
): Promise<ReportAnswer<'UserCourseStatus'>> {
  const C = who.companyId;
  const range = rangeOf(req);
  const inDept = req.departmentId ? (userId: SQL) => inDepartment(userId, C, req.departmentId!) : undefined;
  const base = sql`
    select * from (
      select u.id as "userId", u.employee_id as "employeeId", u.name, u.department,
        c.id::text as "courseId", c.name as course, ${pairStateSql(now)} as state,
        ${isoSql(sql`p.started_at`)} as "startedAt", ${isoSql(sql`p.finished_at`)} as "finishedAt",
        case when q.passed then 'pass' when q.passed is not null then 'fail' end as "postTest",
        u.id || ':' || c.id::text as pair_key
      from pairs p
      join courses c on c.id = p.course_id
      join people u on u.id = p.user_id
      left join post_tests q on q.course_id = p.course_id and q.user_id = p.user_id
      where ${and([inDept?.(sql`u.id`), searchPeople(req.search, [sql`c.name`])])}
    ) r ${req.courseState ? sql`where r.state = ${req.courseState}` : sql``}`;
  const courses = (only?: UserFilter) => sql`courses as (${coursesSql(C, { range, courseId: req.courseId })}),
    people as (${peopleSql(C)}),
    post_tests as (${postTestsSql(C, only)}),`;
  const strip = (answer: ReportAnswer<'UserCourseStatus'>) => ({
    ...answer,
    items: answer.items.map(({ pair_key: _, ...r }: Record<string, unknown>) => r) as typeof answer.items,
  });
  const field = req.sort ?? REPORTS.UserCourseStatus.defaultSort.field;
  if (plain || field !== 'name' || req.search) {
    const ctes = sql`${courses()} pairs as (${pairsSql(C)}),`;
    return strip(await pageOf(db, 'UserCourseStatus', req, base, 'pair_key', now, ctes, true));
  }
  const order = req.order ?? (req.sort ? 'asc' : REPORTS.UserCourseStatus.defaultSort.order);
  const wanted = req.page * req.per_page;
  // The total and the page (two statements, more when the batch grows) read one snapshot, on
  // PostgreSQL as on PGlite.
  return db.transaction(
    async (tx) => {
      const snap = tx as unknown as Db;
      for (let batch = Math.max(200, 4 * wanted); ; batch *= 4) {
        // The total, and the learners by name up to the batch-th one (ties included; no batch-th
        // one: fewer learners, so they are all of them). The batch-th name is found once (a sort
        // of every learner's name, about 10 ms on the bench's 5,000).
        const [first] = await withReportMemory(
          snap,
          (tx) =>
            rowsOf<{ total: number; learners: string[] | null; complete: boolean }>(
              tx,
              sql`with courses as (${coursesSql(C, { range, courseId: req.courseId })}),
            counts as (${pairCountsSql(C, now, inDept)}),
            people as (${peopleSql(C)}),
            boundary as (select u.name from people u where ${and([inDept?.(sql`u.id`)])}
              order by u.name ${sql.raw(order)}, u.id limit 1 offset ${batch - 1})
          select (select coalesce(sum(n), 0)::int from counts
              where ${req.courseState ? sql`state = ${req.courseState}` : sql`state is not null`}) as total,
            (select array_agg(u.id) from people u where ${and([
              inDept?.(sql`u.id`),
              sql`(not exists (select 1 from boundary) or u.name ${sql.raw(order === 'asc' ? '<=' : '>=')} (select name from boundary))`,
            ])}) as learners,
            not exists (select 1 from boundary) as complete`,
            ),
          true,
        );
        const { total, complete } = first!;
        const learners = first!.learners ?? [];
        // Those learners' pairs and post-tests: few rows, found by the planner's own joins (index
        // lookups).
        const only = (userId: SQL) => sql`${userId} = any(${textArray(learners)}::text[])`;
        const ctes = sql`${courses(only)} pairs as (${pairsSql(C, only)}),`;
        const page = await pageQuery(snap, 'UserCourseStatus', req, base, 'pair_key', now, ctes, false, {
          total: sql`${total}::int`,
          complete: sql`${complete}::boolean`,
        });
        if (complete || page.listed >= wanted) return strip(page.answer);
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * requested-user: the access requests (Enrolment records with a requestedAt, contract
 * resources/course.ts) of live users to live courses, requested in the range, with their status now.
 */
export async function requestedUser(
  db: Db,
  who: Who,
  req: ParsedReportRequest,
  now: Date,
): Promise<ReportAnswer<'RequestedUser'>> {
  const range = rangeOf(req);
  const requestedAt = sql`(e.data ->> 'requestedAt')::timestamptz`;
  const base = sql`
    select e.id::text as "enrolmentId", u.id as "userId", u.employee_id as "employeeId", u.name, u.department,
      c.id::text as "courseId", c.name as course, e.data ->> 'status' as status,
      ${isoSql(requestedAt)} as "requestedAt"
    from records e
    join courses c on c.id::text = e.data ->> 'courseId'
    join people u on u.id = e.data ->> 'userId'
    where ${and([
      sql`e.company_id = ${who.companyId} and e.resource = 'Enrolment' and e.deleted_at is null`,
      sql`coalesce(e.data ->> 'requestedAt', '') <> ''`,
      range ? sql`${requestedAt} >= ${range.lo} and ${requestedAt} < ${range.hi}` : undefined,
      req.requestStatus ? sql`e.data ->> 'status' = ${req.requestStatus}` : undefined,
      req.departmentId ? inDepartment(sql`u.id`, who.companyId, req.departmentId) : undefined,
      searchPeople(req.search, [sql`c.name`]),
    ])}`;
  // Requests are listed whenever they were made: the course filter only, not the range, picks courses.
  const ctes = sql`courses as (${coursesSql(who.companyId, { range: null, courseId: req.courseId })}),
    people as (${peopleSql(who.companyId)}),`;
  return pageOf(db, 'RequestedUser', req, base, 'enrolmentId', now, ctes);
}

/**
 * assignment-course: every live course running in the range with its learners (the pairs) counted
 * per state; `passed`: learners with a passed post-test. The department filter counts only its
 * users.
 */
export async function assignmentCourse(
  db: Db,
  who: Who,
  req: ParsedReportRequest,
  now: Date,
): Promise<ReportAnswer<'AssignmentCourse'>> {
  const range = rangeOf(req);
  const n = (state: string) => sql`sum(s.n) filter (where s.state = ${state})`;
  const z = (column: string) => sql.raw(`coalesce(s."${column}", 0)::int as "${column}"`);
  // Counted per course and state (pairCountsSql: the pairs counted, not listed), then joined with the courses.
  const base = sql`
    select c.id::text as "courseId", c.name as course,
      ${isoSql(sql`c.start_at`)} as "startAt", ${isoSql(sql`c.end_at`)} as "endAt",
      ${sql.join(['learners', 'notStarted', 'inProgress', 'delay', 'finished', 'notFinished', 'passed'].map(z), sql`, `)}
    from courses c left join (
      select s.course_id, sum(s.n) as learners,
        ${n('notStarted')} as "notStarted", ${n('inProgress')} as "inProgress", ${n('delay')} as delay,
        sum(s.n) filter (where s.state in ('finishedBeforeExpiry', 'finishedAfterExpiry')) as finished,
        ${n('notFinished')} as "notFinished",
        sum(s.passed) as passed
      from counts s group by s.course_id
    ) s on s.course_id = c.id`;
  const only = req.departmentId
    ? (userId: SQL) => inDepartment(userId, who.companyId, req.departmentId!)
    : undefined;
  const ctes = sql`courses as (${coursesSql(who.companyId, { range, courseId: req.courseId, search: req.search })}),
    counts as (${pairCountsSql(who.companyId, now, only)}),`;
  return pageOf(db, 'AssignmentCourse', req, base, 'courseId', now, ctes, true);
}
