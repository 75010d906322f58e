import { sql } from 'drizzle-orm';
import { COURSE_STATES, type CourseState } from '#contract/learner-courses.ts';
import { DASHBOARD_TOP, type DashboardAnswer, type DateRange } from '#contract/reports.ts';
import { type Db, rowsOf } from '../../db/client.ts';
import { coursesSql, pairCountsSql, rangeOf, type Who, withReportMemory } from './shared.ts';
import { coverOf, quartersSql, viewCountsSql } from './view-rollups.ts';

/**
 * The dashboard (spec section 1) over one range of local days: each widget one aggregate query,
 * run side by side. Days: the views are first counted per 15-minute UTC bucket (date_bin, plain
 * arithmetic per event), then each bucket is named by its local date in the time zone; every
 * zone in use today is a whole number of quarter hours from UTC (Myanmar +06:30, Nepal +05:45),
 * so no bucket straddles a local midnight, and the zone's own rules (daylight saving included)
 * apply per bucket.
 */
type Day = { day: string; views: number };
type TopContent = DashboardAnswer['topContents'][number];
type TopUser = DashboardAnswer['topUsers'][number];
type TopDepartment = DashboardAnswer['topDepartments'][number];

export async function dashboard(db: Db, who: Who, req: DateRange, now: Date): Promise<DashboardAnswer> {
  const C = who.companyId;
  const range = rangeOf(req)!;
  const top = DASHBOARD_TOP;
  const courseCtes = sql`courses as (${coursesSql(C, { range })}), counts as (${pairCountsSql(C, now)})`;

  const cover = await coverOf(db, range);
  if (cover.all) throw new Error('The dashboard takes a range');
  const [users, [views], perCourse] = await Promise.all([
    rowsOf<{ all: number; active: number }>(
      db,
      sql`select count(*)::int as all, (count(*) filter (where active))::int as active
        from users where company_id = ${C} and deleted_at is null`,
    ),
    // Every view widget from the rollups: views per 15-minute bucket, per content and per viewer,
    // each then ranked and named.
    withReportMemory(db, (tx) =>
      rowsOf<{ days: Day[]; contents: TopContent[]; people: TopUser[]; departments: TopDepartment[] }>(
        tx,
        sql`with per_user as (${viewCountsSql(C, cover, 'user')}),
        per_content as (${viewCountsSql(C, cover, 'content')}),
        days as (select (q.b at time zone ${req.timeZone})::date as d, sum(q.n)::int as n
          from (${quartersSql(C, cover)}) q group by 1)
        select
          (select coalesce(json_agg(x order by x.day), '[]') from (
            select to_char(s, 'YYYY-MM-DD') as day, coalesce(days.n, 0)::int as views
            from generate_series(${req.from}::date, ${req.to}::date, interval '1 day') s
            left join days on days.d = s::date) x) as days,
          (select coalesce(json_agg(x order by x.views desc, x.name, x.id), '[]') from (
            select r.id::text as id, coalesce(r.data ->> 'title', '') as name, r.resource as kind, g.n as views
            from per_content g join records r on r.id = g.content_id and r.company_id = ${C}
            order by g.n desc, name, r.id limit ${top}) x) as contents,
          (select coalesce(json_agg(x order by x.views desc, x.name, x.id), '[]') from (
            select u.id, trim(u.first_name || ' ' || u.last_name) as name, u.employee_id as "employeeId",
              coalesce(d.name, '') as department, v.n as views
            from per_user v join users u on u.id = v.user_id and u.company_id = ${C}
            left join departments d on d.id = u.department_id
            order by v.n desc, name, u.id limit ${top}) x) as people,
          (select coalesce(json_agg(x order by x.viewers desc, x.views desc, x.name, x.id), '[]') from (
            select d.id, d.name, count(*)::int as viewers, sum(v.n)::int as views
            from per_user v join users u on u.id = v.user_id and u.company_id = ${C}
            join departments d on d.id = u.department_id
            group by d.id, d.name order by viewers desc, views desc, d.name, d.id limit ${top}) x) as departments`,
      ),
    ),
    // Both course widgets from the learner-course pairs counted per course and state (pairCountsSql).
    withReportMemory(
      db,
      (tx) =>
        rowsOf<{ id: string; name: string; state: CourseState | null; n: number }>(
          tx,
          sql`with ${courseCtes}
            select c.id::text as id, c.name, s.state, coalesce(sum(s.n), 0)::int as n
            from courses c left join (select course_id, state, n from counts where state is not null) s
              on s.course_id = c.id
            group by c.id, c.name, s.state`,
        ),
      true,
    ),
  ]);
  const u = users[0]!;
  const viewsByDay = views!.days.map((d) => ({ day: d.day, views: Number(d.views) }));
  const courseStatus = Object.fromEntries(COURSE_STATES.map((s) => [s, 0])) as Record<CourseState, number>;
  const courses = new Map<string, { id: string; name: string; learners: number; finished: number }>();
  for (const r of perCourse) {
    const c = courses.get(r.id) ?? { id: r.id, name: r.name, learners: 0, finished: 0 };
    courses.set(r.id, c);
    if (!r.state) continue;
    const n = Number(r.n);
    courseStatus[r.state] += n;
    c.learners += n;
    if (r.state === 'finishedBeforeExpiry' || r.state === 'finishedAfterExpiry') c.finished += n;
  }
  // Most finished, then most learners, then by name and id.
  const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1;
  const topCourses = [...courses.values()]
    .sort((a, b) => b.finished - a.finished || b.learners - a.learners || byName(a, b))
    .slice(0, top);
  return {
    asOf: now.toISOString(),
    users: { all: Number(u.all), active: Number(u.active), inactive: Number(u.all) - Number(u.active) },
    totalViews: viewsByDay.reduce((sum, d) => sum + d.views, 0),
    viewsByDay,
    topDays: viewsByDay
      .filter((d) => d.views > 0)
      .sort((a, b) => b.views - a.views || a.day.localeCompare(b.day))
      .slice(0, top),
    topContents: views!.contents,
    topUsers: views!.people,
    courseStatus,
    topCourses,
    topDepartments: views!.departments,
  };
}
