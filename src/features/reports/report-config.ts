import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReportName, ReportRow } from '#contract/reports.ts';
import { STATE_LABELS } from '@/ui/report/course-states';

/** How a column's value reads on screen and goes into the workbook. */
export type CellFormat =
  | 'text'
  | 'count'
  | 'duration'
  | 'date'
  | 'datetime'
  | 'courseState'
  | 'userState'
  | 'contentKind'
  | 'requestStatus'
  | 'postTest'
  | 'masterData';

export type ColumnDef<N extends ReportName> = {
  field: keyof ReportRow<N> & string;
  label: MessageDescriptor;
  format?: CellFormat;
  /** The column that names the row (employee, course, title): never cut. */
  key?: boolean;
};

export type ReportConfig<N extends ReportName> = {
  title: MessageDescriptor;
  /** The drawer item of spec section 6 (app/menu/menu-model.ts). */
  menuId: string;
  rowKey: (row: ReportRow<N>) => string;
  columns: readonly ColumnDef<N>[];
};

const employee = {
  employeeId: { field: 'employeeId', label: msg`Employee ID`, key: true },
  name: { field: 'name', label: msg`Name`, key: true },
  department: { field: 'department', label: msg`Department` },
} as const;

const byType = <N extends 'ByTypeOfKnowledge' | 'ByTypeOfContent'>(
  label: MessageDescriptor,
): readonly ColumnDef<N>[] => [
  { field: 'type', label, key: true, format: 'masterData' },
  { field: 'contents', label: msg`Contents`, format: 'count' },
  { field: 'views', label: msg`Views`, format: 'count' },
  { field: 'viewers', label: msg`Viewers`, format: 'count' },
  { field: 'seconds', label: msg`Time viewed`, format: 'duration' },
];

/** The console's side of each report of contract/reports.ts: its title, menu item and columns. */
export const REPORT_CONFIG: { [N in ReportName]: ReportConfig<N> } = {
  UserActivity: {
    title: msg`User activity`,
    menuId: 'user-activity',
    rowKey: (r) => r.userId,
    columns: [
      employee.employeeId,
      employee.name,
      employee.department,
      { field: 'state', label: msg`User state`, format: 'userState' },
      { field: 'views', label: msg`Views`, format: 'count' },
      { field: 'contents', label: msg`Contents viewed`, format: 'count' },
      { field: 'seconds', label: msg`Time viewed`, format: 'duration' },
      { field: 'lastViewedAt', label: msg`Last viewed`, format: 'datetime' },
    ],
  },
  UserCourseStatus: {
    title: msg`User course status`,
    menuId: 'user-course-status',
    rowKey: (r) => `${r.userId}:${r.courseId}`,
    columns: [
      employee.employeeId,
      employee.name,
      employee.department,
      { field: 'course', label: msg`Course`, key: true },
      { field: 'state', label: msg`State`, format: 'courseState' },
      { field: 'startedAt', label: msg`Started`, format: 'datetime' },
      { field: 'finishedAt', label: msg`Finished`, format: 'datetime' },
      { field: 'postTest', label: msg`Post-test`, format: 'postTest' },
    ],
  },
  ByTypeOfKnowledge: {
    title: msg`Views by type of knowledge`,
    menuId: 'by-type-of-knowledge',
    rowKey: (r) => r.typeId ?? '',
    columns: byType(msg`Type of knowledge`),
  },
  ByTypeOfContent: {
    title: msg`Views by type of content`,
    menuId: 'by-type-of-content',
    rowKey: (r) => r.typeId ?? '',
    columns: byType(msg`Type of content`),
  },
  ContentViewing: {
    title: msg`Content viewing`,
    menuId: 'content-viewing',
    rowKey: (r) => r.contentId,
    columns: [
      { field: 'title', label: msg`Title`, key: true },
      { field: 'kind', label: msg`Kind`, format: 'contentKind' },
      { field: 'typeOfContent', label: msg`Type of content` },
      { field: 'typeOfKnowledge', label: msg`Type of knowledge` },
      { field: 'views', label: msg`Views`, format: 'count' },
      { field: 'viewers', label: msg`Viewers`, format: 'count' },
      { field: 'seconds', label: msg`Time viewed`, format: 'duration' },
      { field: 'lastViewedAt', label: msg`Last viewed`, format: 'datetime' },
    ],
  },
  RequestedUser: {
    title: msg`Requested users`,
    menuId: 'requested-user',
    rowKey: (r) => r.enrolmentId,
    columns: [
      employee.employeeId,
      employee.name,
      employee.department,
      { field: 'course', label: msg`Course`, key: true },
      { field: 'status', label: msg`Request status`, format: 'requestStatus' },
      { field: 'requestedAt', label: msg`Requested`, format: 'datetime' },
    ],
  },
  AssignmentCourse: {
    title: msg`Assignment course report`,
    menuId: 'assignment-course-report',
    rowKey: (r) => r.courseId,
    columns: [
      { field: 'course', label: msg`Course`, key: true },
      { field: 'startAt', label: msg`Start`, format: 'date' },
      { field: 'endAt', label: msg`End`, format: 'date' },
      { field: 'learners', label: msg`Learners`, format: 'count' },
      { field: 'notStarted', label: STATE_LABELS.notStarted, format: 'count' },
      { field: 'inProgress', label: STATE_LABELS.inProgress, format: 'count' },
      { field: 'delay', label: STATE_LABELS.delay, format: 'count' },
      { field: 'finished', label: msg`Finished`, format: 'count' },
      { field: 'notFinished', label: STATE_LABELS.notFinished, format: 'count' },
      { field: 'passed', label: msg`Passed the post-test`, format: 'count' },
    ],
  },
};
