import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { COURSE_STATES } from '#contract/learner-courses.ts';
import type { DashboardAnswer, DateRange } from '#contract/reports.ts';
import { STATE_LABELS } from '@/ui/report/course-states';
import { dayDate } from '@/ui/report/date-range';
import type { ReportCell } from '@/ui/report/report-workbook';

/**
 * The dashboard as one sheet: the range and the instant of the figures, then each widget's table
 * under its title (figures as numbers, days as dates), a blank line between widgets.
 */
export function dashboardSheet(i18n: I18n, range: DateRange, d: DashboardAnswer): ReportCell[][] {
  const _ = (m: MessageDescriptor) => i18n._(m);
  const section = (title: string, head: string[], rows: ReportCell[][]): ReportCell[][] => [
    [],
    [title],
    head,
    ...rows,
  ];
  return [
    [_(msg`Dashboard`)],
    [_(msg`From`), dayDate(range.from)],
    [_(msg`To`), dayDate(range.to)],
    [_(msg`Time zone`), range.timeZone],
    [_(msg`As of`), new Date(d.asOf)],
    [],
    [_(msg`Figure`), _(msg`Value`)],
    [_(msg`All users`), d.users.all],
    [_(msg`Active users`), d.users.active],
    [_(msg`Inactive users`), d.users.inactive],
    [_(msg`Total content views`), d.totalViews],
    ...section(
      _(msg`Most viewed content`),
      [_(msg`Content`), _(msg`Views`)],
      d.topContents.map((c) => [c.name, c.views]),
    ),
    ...section(
      _(msg`Days with most views`),
      [_(msg`Day`), _(msg`Views`)],
      d.topDays.map((x) => [dayDate(x.day), x.views]),
    ),
    ...section(
      _(msg`Top 5 employees by views`),
      [_(msg`Employee ID`), _(msg`Name`), _(msg`Department`), _(msg`Views`)],
      d.topUsers.map((u) => [u.employeeId, u.name, u.department, u.views]),
    ),
    ...section(
      _(msg`Course menu status`),
      [_(msg`State`), _(msg`Learners`)],
      COURSE_STATES.map((s) => [_(STATE_LABELS[s]), d.courseStatus[s] ?? 0]),
    ),
    ...section(
      _(msg`Top 5 courses`),
      [_(msg`Course`), _(msg`Finished`), _(msg`Learners`)],
      d.topCourses.map((c) => [c.name, c.finished, c.learners]),
    ),
    ...section(
      _(msg`Departments with most viewers`),
      [_(msg`Department`), _(msg`Viewers`), _(msg`Views`)],
      d.topDepartments.map((x) => [x.name, x.viewers, x.views]),
    ),
    ...section(
      _(msg`Views per day`),
      [_(msg`Day`), _(msg`Views`)],
      d.viewsByDay.map((x) => [dayDate(x.day), x.views]),
    ),
  ];
}
