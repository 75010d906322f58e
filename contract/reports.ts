import { z } from 'zod';
import { COURSE_STATES } from './learner-courses.ts';
import type { Area } from './permissions.ts';
import { CONTENT_RESOURCES } from './resources/content.ts';
import { ENROLMENT_STATUSES } from './resources/course.ts';

// The seven reports of /report/* and the dashboard (issue 12): POST /api/v1/Report/{name}, one
// definition each. Figures are SQL aggregates over the learner tables (view_events,
// course_progress, quiz_attempts, enrolment records), computed for the caller's company only.

/** Days are counted in the admin's time zone (an IANA name the browser reports). */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Unknown time zone' },
  );

/** A calendar day, YYYY-MM-DD, in the request's time zone. */
const day = z.iso.date({ message: 'Enter a date as YYYY-MM-DD' });

/** The longest range one request may cover (about three years). */
export const MAX_RANGE_DAYS = 1100;
export const RANGE_TOO_LONG = 'The date range may cover at most 1,100 days';
export const RANGE_REVERSED = 'The end date must not be before the start date';

/** `from`..`to` inclusive, both days in `timeZone`. */
export const dateRange = z
  .object({ from: day, to: day, timeZone: timeZoneSchema })
  .refine((r) => r.from <= r.to, { message: RANGE_REVERSED, path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < MAX_RANGE_DAYS, {
    message: RANGE_TOO_LONG,
    path: ['to'],
  });
export type DateRange = z.infer<typeof dateRange>;

export const USER_STATES = ['active', 'inactive'] as const;
export type UserState = (typeof USER_STATES)[number];

/**
 * Filters a report may take; each report lists the ones that fit it (`REPORTS[...].filters`) and
 * the server refuses the others (a filter that would be silently ignored misleads).
 * - range: `from`, `to`, `timeZone` (views and requests in the range; courses running in it)
 * - department: `departmentId` (users who are members of it; the spec's department/group)
 * - course: `courseId`
 * - contentKind: Article, Sound or Video
 * - typeOfContent / typeOfKnowledge: master data ids
 * - userState: active or inactive users
 * - courseState: a state of spec section 4 (docs/course-progress.md)
 * - requestStatus: requested, enrolled (accepted) or refused
 * - search: employee ID, name, course or content title (what the report's key column shows)
 */
export const REPORT_FILTERS = [
  'range',
  'department',
  'course',
  'contentKind',
  'typeOfContent',
  'typeOfKnowledge',
  'userState',
  'courseState',
  'requestStatus',
  'search',
] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

const filterFields = {
  from: day.optional(),
  to: day.optional(),
  timeZone: timeZoneSchema.optional(),
  departmentId: z.uuid().optional(),
  courseId: z.uuid().optional(),
  contentKind: z.enum(CONTENT_RESOURCES).optional(),
  typeOfContentId: z.uuid().optional(),
  typeOfKnowledgeId: z.uuid().optional(),
  userState: z.enum(USER_STATES).optional(),
  courseState: z.enum(COURSE_STATES).optional(),
  requestStatus: z.enum(ENROLMENT_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
};
/** Which request fields belong to which filter. */
export const FILTER_FIELDS: Record<ReportFilter, readonly (keyof typeof filterFields)[]> = {
  range: ['from', 'to', 'timeZone'],
  department: ['departmentId'],
  course: ['courseId'],
  contentKind: ['contentKind'],
  typeOfContent: ['typeOfContentId'],
  typeOfKnowledge: ['typeOfKnowledgeId'],
  userState: ['userState'],
  courseState: ['courseState'],
  requestStatus: ['requestStatus'],
  search: ['search'],
};

export const REPORT_MAX_PAGE = 5000;

/** The body of every report call: filters, sort, page. An export asks page by page. */
export const reportRequest = z.object({
  ...filterFields,
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  page: z.number().int().min(1).default(1),
  per_page: z.number().int().min(1).max(REPORT_MAX_PAGE).default(50),
});
export type ReportRequest = z.input<typeof reportRequest>;

const iso = z.string();
const count = z.number().int();

/** user-activity: one row per user; figures over the views in the range. */
export const userActivityRow = z.object({
  userId: z.string(),
  employeeId: z.string(),
  name: z.string(),
  department: z.string(),
  state: z.enum(USER_STATES),
  views: count,
  contents: count,
  /** Seconds viewed in the range. */
  seconds: count,
  lastViewedAt: iso.nullable(),
});

/** user-course-status-report: one row per learner and course (courses running in the range). */
export const userCourseStatusRow = z.object({
  userId: z.string(),
  employeeId: z.string(),
  name: z.string(),
  department: z.string(),
  courseId: z.string(),
  course: z.string(),
  state: z.enum(COURSE_STATES),
  startedAt: iso.nullable(),
  finishedAt: iso.nullable(),
  postTest: z.enum(['pass', 'fail']).nullable(),
});

/** by-type-of-knowledge and by-type-of-content: one row per master-data value (null: none set). */
export const byTypeRow = z.object({
  typeId: z.string().nullable(),
  type: z.string(),
  contents: count,
  views: count,
  viewers: count,
  seconds: count,
});

/** content-viewing: one row per content with its views in the range. */
export const contentViewingRow = z.object({
  contentId: z.string(),
  title: z.string(),
  kind: z.enum(CONTENT_RESOURCES),
  typeOfContent: z.string(),
  typeOfKnowledge: z.string(),
  views: count,
  viewers: count,
  seconds: count,
  lastViewedAt: iso.nullable(),
});

/** requested-user: one row per access request (enrolment with a requestedAt in the range). */
export const requestedUserRow = z.object({
  enrolmentId: z.string(),
  userId: z.string(),
  employeeId: z.string(),
  name: z.string(),
  department: z.string(),
  courseId: z.string(),
  course: z.string(),
  status: z.enum(ENROLMENT_STATUSES),
  requestedAt: iso,
});

/** assignment-course: one row per course running in the range, learners counted per state. */
export const assignmentCourseRow = z.object({
  courseId: z.string(),
  course: z.string(),
  startAt: iso,
  endAt: iso,
  learners: count,
  notStarted: count,
  inProgress: count,
  delay: count,
  finished: count,
  notFinished: count,
  /** Learners with a passed post-test. */
  passed: count,
});

/**
 * Every report: its route under /report, the permission area that reads it ('always': spec
 * section 6's always-permitted report), the filters it takes, its row, sortable columns and the
 * totals it returns (sums over every filtered row, not just the page).
 */
export const REPORTS = {
  UserActivity: {
    path: 'user-activity',
    area: 'userActivity',
    filters: ['range', 'department', 'userState', 'search'],
    row: userActivityRow,
    sortable: ['employeeId', 'name', 'department', 'views', 'contents', 'seconds', 'lastViewedAt'],
    defaultSort: { field: 'views', order: 'desc' },
    totals: ['views', 'seconds'],
  },
  UserCourseStatus: {
    path: 'user-course-status-report',
    area: 'always',
    filters: ['range', 'department', 'course', 'courseState', 'search'],
    row: userCourseStatusRow,
    sortable: ['employeeId', 'name', 'department', 'course', 'state', 'startedAt', 'finishedAt'],
    defaultSort: { field: 'name', order: 'asc' },
    totals: [],
  },
  ByTypeOfKnowledge: {
    path: 'by-type-of-knowledge',
    area: 'userView',
    filters: ['range', 'department', 'contentKind'],
    row: byTypeRow,
    sortable: ['type', 'contents', 'views', 'viewers', 'seconds'],
    defaultSort: { field: 'views', order: 'desc' },
    totals: ['contents', 'views', 'seconds'],
  },
  ByTypeOfContent: {
    path: 'by-type-of-content',
    area: 'userView',
    filters: ['range', 'department', 'contentKind'],
    row: byTypeRow,
    sortable: ['type', 'contents', 'views', 'viewers', 'seconds'],
    defaultSort: { field: 'views', order: 'desc' },
    totals: ['contents', 'views', 'seconds'],
  },
  ContentViewing: {
    path: 'content-viewing',
    area: 'userView',
    filters: ['range', 'department', 'contentKind', 'typeOfContent', 'typeOfKnowledge', 'search'],
    row: contentViewingRow,
    sortable: ['title', 'kind', 'views', 'viewers', 'seconds', 'lastViewedAt'],
    defaultSort: { field: 'views', order: 'desc' },
    totals: ['views', 'seconds'],
  },
  RequestedUser: {
    path: 'requested-user',
    area: 'requestedUser',
    filters: ['range', 'department', 'course', 'requestStatus', 'search'],
    row: requestedUserRow,
    sortable: ['employeeId', 'name', 'department', 'course', 'status', 'requestedAt'],
    defaultSort: { field: 'requestedAt', order: 'desc' },
    totals: [],
  },
  AssignmentCourse: {
    path: 'assignment-course',
    area: 'assignmentReport',
    filters: ['range', 'course', 'department', 'search'],
    row: assignmentCourseRow,
    sortable: ['course', 'startAt', 'endAt', 'learners', 'finished', 'notFinished', 'passed'],
    defaultSort: { field: 'startAt', order: 'desc' },
    totals: ['learners', 'notStarted', 'inProgress', 'delay', 'finished', 'notFinished', 'passed'],
  },
} as const satisfies Record<
  string,
  {
    path: string;
    area: Area | 'always';
    filters: readonly ReportFilter[];
    row: z.ZodObject;
    sortable: readonly string[];
    defaultSort: { field: string; order: 'asc' | 'desc' };
    totals: readonly string[];
  }
>;
export type ReportName = keyof typeof REPORTS;
export const REPORT_NAMES = Object.keys(REPORTS) as ReportName[];
export type ReportRow<N extends ReportName> = z.infer<(typeof REPORTS)[N]['row']>;

/** The answer of a report call. `asOf`: the server's clock when it was computed. */
export const reportAnswer = <R extends z.ZodObject>(row: R) =>
  z.object({
    asOf: iso,
    items: z.array(row),
    /** Rows matching the filters. */
    total: count,
    /** Sums of the report's `totals` columns over every matching row. */
    totals: z.record(z.string(), z.number()),
    page: count,
    per_page: count,
  });
export type ReportAnswer<N extends ReportName> = {
  asOf: string;
  items: ReportRow<N>[];
  total: number;
  totals: Record<string, number>;
  page: number;
  per_page: number;
};

// The dashboard: POST /api/v1/Report/Dashboard, every widget of spec section 1 in one answer.

export const DASHBOARD_TOP = 5;

export const dashboardRequest = dateRange;
export type DashboardRequest = z.input<typeof dashboardRequest>;

const named = z.object({ id: z.string(), name: z.string(), views: count });
export const dashboardAnswer = z.object({
  asOf: iso,
  users: z.object({ all: count, active: count, inactive: count }),
  /** Views in the range. */
  totalViews: count,
  /** Views per day of the range (days without views included as 0), oldest first. */
  viewsByDay: z.array(z.object({ day: z.string(), views: count })),
  /** The DASHBOARD_TOP days with most views, most first. */
  topDays: z.array(z.object({ day: z.string(), views: count })),
  topContents: z.array(named.extend({ kind: z.enum(CONTENT_RESOURCES) })),
  topUsers: z.array(named.extend({ employeeId: z.string(), department: z.string() })),
  /** Learner-course pairs per state over the courses running in the range (course menu status). */
  courseStatus: z.record(z.enum(COURSE_STATES), count),
  /** Courses with most learners finished, then most learners. */
  topCourses: z.array(z.object({ id: z.string(), name: z.string(), learners: count, finished: count })),
  /** Departments by distinct viewers in the range. */
  topDepartments: z.array(z.object({ id: z.string(), name: z.string(), viewers: count, views: count })),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

// Server-side checks of a report call beyond the shape (the server answers 422 with these).
export const FILTER_NOT_TAKEN = 'This report does not take this filter';
export const SORT_UNKNOWN = 'This report cannot be sorted by this column';
export const RANGE_INCOMPLETE = 'Give the start date, the end date and the time zone together';

/**
 * The request of one report: only the fields of its own filters (any other filter field is
 * refused, naming it), `sort` one of its sortable columns, and a range given whole (from, to and
 * timeZone) or not at all (then the report covers all time).
 */
export function reportRequestOf(name: ReportName) {
  const def = REPORTS[name];
  const allowed = new Set<string>(def.filters.flatMap((f) => FILTER_FIELDS[f]));
  const sortable: readonly string[] = def.sortable;
  return reportRequest.superRefine((r, ctx) => {
    for (const fields of Object.values(FILTER_FIELDS))
      for (const f of fields)
        if (r[f] !== undefined && !allowed.has(f))
          ctx.addIssue({ code: 'custom', path: [f], message: FILTER_NOT_TAKEN });
    if (r.sort !== undefined && !sortable.includes(r.sort))
      ctx.addIssue({ code: 'custom', path: ['sort'], message: SORT_UNKNOWN });
    const given = [r.from, r.to, r.timeZone].filter((v) => v !== undefined).length;
    if (given === 3) {
      const range = dateRange.safeParse({ from: r.from, to: r.to, timeZone: r.timeZone });
      // Only the range's own rules: a wrong date or zone is already reported on its field.
      if (!range.success)
        for (const issue of range.error.issues)
          if (issue.message === RANGE_REVERSED || issue.message === RANGE_TOO_LONG)
            ctx.addIssue({ ...issue, code: 'custom' });
    } else if (given > 0 && allowed.has('from'))
      ctx.addIssue({
        code: 'custom',
        path: [r.from === undefined ? 'from' : r.to === undefined ? 'to' : 'timeZone'],
        message: RANGE_INCOMPLETE,
      });
  });
}
