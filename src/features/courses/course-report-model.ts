import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  type CourseReport,
  type CourseReportRow,
  type CourseState,
  courseReport,
} from '#contract/learner-courses.ts';
import { apiPost } from '@/data/http/api';
import { STATE_LABELS } from '@/ui/report/course-states';
import { downloadReport, type ReportCell } from '@/ui/report/report-workbook';

export type ReportFilters = { state?: CourseState; search?: string };
export const PAGE_SIZE = 50;
/** The server's largest page: an export asks for the filtered rows in pages of this size. */
const EXPORT_PAGE = 5000;

export const reportKey = (courseId: string, filters: ReportFilters, page: number) =>
  ['course-report', courseId, filters.state ?? '', filters.search ?? '', page] as const;

export const fetchReport = (
  courseId: string,
  filters: ReportFilters,
  page: number,
  perPage = PAGE_SIZE,
  signal?: AbortSignal,
) =>
  apiPost('/v1/Course/Report', {
    schema: courseReport,
    body: { courseId, page, per_page: perPage, ...filters },
    signal,
  });

/** Every row matching the filters, page after page (for the export). */
export async function fetchAllRows(courseId: string, filters: ReportFilters) {
  const first = await fetchReport(courseId, filters, 1, EXPORT_PAGE);
  const items = [...first.items];
  for (let page = 2; items.length < first.total; page++) {
    const next = await fetchReport(courseId, filters, page, EXPORT_PAGE);
    if (!next.items.length) break;
    items.push(...next.items);
  }
  return { report: first, items };
}

type Cell = ReportCell;

const quizText = (i18n: I18n, q: CourseReportRow['pre']) =>
  q.result === 'pass' ? i18n._(msg`Pass`) : q.result === 'fail' ? i18n._(msg`Fail`) : '';

/**
 * The export's rows: the course's name, the filters and the instant of the figures, a blank row,
 * then the table. Dates are Date cells and counts and scores numbers, so Excel sorts and sums them.
 */
export function reportSheet(
  i18n: I18n,
  report: Pick<CourseReport, 'course' | 'asOf'>,
  filters: ReportFilters,
  rows: readonly CourseReportRow[],
): Cell[][] {
  const all = i18n._(msg`All`);
  const header: Cell[] = [
    i18n._(msg`Employee ID`),
    i18n._(msg`Name`),
    i18n._(msg`Department`),
    i18n._(msg`State`),
    i18n._(msg`Videos completed`),
    i18n._(msg`Videos`),
  ];
  const { hasPreTest, hasPostTest } = report.course;
  if (hasPreTest)
    header.push(i18n._(msg`Pre-test score`), i18n._(msg`Pre-test result`), i18n._(msg`Pre-test attempts`));
  if (hasPostTest)
    header.push(i18n._(msg`Post-test score`), i18n._(msg`Post-test result`), i18n._(msg`Post-test attempts`));
  header.push(i18n._(msg`Started`), i18n._(msg`Finished`));
  const date = (v: string | null) => (v ? new Date(v) : null);
  const body = rows.map((r) => {
    const line: Cell[] = [
      r.employeeId,
      r.name,
      r.department,
      i18n._(STATE_LABELS[r.state]),
      r.videosCompleted,
      r.videosTotal,
    ];
    if (hasPreTest) line.push(r.pre.score, quizText(i18n, r.pre), r.pre.attempts);
    if (hasPostTest) line.push(r.post.score, quizText(i18n, r.post), r.post.attempts);
    line.push(date(r.startedAt), date(r.finishedAt));
    return line;
  });
  return [
    [i18n._(msg`Course report`), report.course.name],
    [i18n._(msg`State`), filters.state ? i18n._(STATE_LABELS[filters.state]) : all],
    [i18n._(msg`Search`), filters.search || all],
    [i18n._(msg`As of`), new Date(report.asOf)],
    [],
    header,
    ...body,
  ];
}

/** Builds and downloads the workbook of every filtered row; SheetJS loads only now, never with the page. */
export async function exportReport(i18n: I18n, courseId: string, filters: ReportFilters) {
  const { report, items } = await fetchAllRows(courseId, filters);
  const safe = report.course.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 40) || 'course';
  await downloadReport(
    `${safe}-report-${report.asOf.slice(0, 10)}.xlsx`,
    reportSheet(i18n, report, filters, items),
  );
  return items.length;
}
