import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  type DateRange,
  FILTER_FIELDS,
  REPORT_MAX_PAGE,
  REPORTS,
  type ReportAnswer,
  type ReportName,
  type ReportRequest,
  reportAnswer,
} from '#contract/reports.ts';
import { apiPost } from '@/data/http/api';
import { STATE_LABELS } from '@/ui/report/course-states';
import { dayDate } from '@/ui/report/date-range';
import { type ColumnFormats, downloadReport, type ReportCell } from '@/ui/report/report-workbook';
import { type ColumnDef, REPORT_CONFIG } from './report-config';
import {
  cellValue,
  DURATION_FORMAT,
  KIND_LABELS,
  REQUEST_STATUS_LABELS,
  USER_STATE_LABELS,
} from './report-format';

export const PAGE_SIZE = 50;

/** What the admin chose: the range always, the others when the report takes them. */
export type ReportFilters = { range: DateRange } & Omit<
  ReportRequest,
  'from' | 'to' | 'timeZone' | 'sort' | 'order' | 'page' | 'per_page'
>;
export type ReportSortOrder = { field: string; order: 'asc' | 'desc' };

/** The names the filter lines of an export show for chosen ids (departments, courses, types). */
export type FilterNames = Partial<
  Record<'departmentId' | 'courseId' | 'typeOfContentId' | 'typeOfKnowledgeId', string>
>;

/** The request body: only the fields of the filters this report takes (the server refuses others). */
export function reportBody(name: ReportName, filters: ReportFilters, sort: ReportSortOrder) {
  const body: Record<string, unknown> = { sort: sort.field, order: sort.order };
  const all: Record<string, unknown> = { ...filters, ...filters.range };
  for (const filter of REPORTS[name].filters) {
    for (const field of FILTER_FIELDS[filter]) {
      const v = all[field];
      if (v !== undefined && v !== '') body[field] = v;
    }
  }
  return body;
}

export const reportKey = (name: ReportName, filters: ReportFilters, sort: ReportSortOrder, page: number) =>
  ['report', name, reportBody(name, filters, sort), page] as const;

export function fetchReport<N extends ReportName>(
  name: N,
  filters: ReportFilters,
  sort: ReportSortOrder,
  page: number,
  perPage = PAGE_SIZE,
  signal?: AbortSignal,
): Promise<ReportAnswer<N>> {
  return apiPost(`/v1/Report/${name}`, {
    schema: reportAnswer(REPORTS[name].row),
    body: { ...reportBody(name, filters, sort), page, per_page: perPage },
    signal,
  }) as Promise<ReportAnswer<N>>;
}

/** Every row matching the filters, in pages of the server's largest size; `onPage` after each. */
export async function fetchAllRows<N extends ReportName>(
  name: N,
  filters: ReportFilters,
  sort: ReportSortOrder,
  onPage?: (done: number, total: number) => void,
) {
  const first = await fetchReport(name, filters, sort, 1, REPORT_MAX_PAGE);
  const items = [...first.items];
  onPage?.(items.length, first.total);
  for (let page = 2; items.length < first.total; page++) {
    const next = await fetchReport(name, filters, sort, page, REPORT_MAX_PAGE);
    if (!next.items.length) break;
    items.push(...next.items);
    onPage?.(items.length, first.total);
  }
  return { answer: first, items };
}

/** The filter lines of an export: each filter the report takes, with "All" when not chosen. */
function filterLines(i18n: I18n, name: ReportName, f: ReportFilters, names: FilterNames): ReportCell[][] {
  const all = i18n._(msg`All`);
  const pick = (v: string | undefined, labels?: Record<string, MessageDescriptor>) =>
    !v ? all : labels?.[v] ? i18n._(labels[v]) : v;
  const out: ReportCell[][] = [];
  for (const filter of REPORTS[name].filters) {
    switch (filter) {
      case 'range':
        out.push([i18n._(msg`From`), dayDate(f.range.from)], [i18n._(msg`To`), dayDate(f.range.to)]);
        out.push([i18n._(msg`Time zone`), f.range.timeZone]);
        break;
      case 'department':
        out.push([
          i18n._(msg`Department or group`),
          pick(f.departmentId && (names.departmentId ?? f.departmentId)),
        ]);
        break;
      case 'course':
        out.push([i18n._(msg`Course`), pick(f.courseId && (names.courseId ?? f.courseId))]);
        break;
      case 'contentKind':
        out.push([i18n._(msg`Kind`), pick(f.contentKind, KIND_LABELS)]);
        break;
      case 'typeOfContent':
        out.push([
          i18n._(msg`Type of content`),
          pick(f.typeOfContentId && (names.typeOfContentId ?? f.typeOfContentId)),
        ]);
        break;
      case 'typeOfKnowledge':
        out.push([
          i18n._(msg`Type of knowledge`),
          pick(f.typeOfKnowledgeId && (names.typeOfKnowledgeId ?? f.typeOfKnowledgeId)),
        ]);
        break;
      case 'userState':
        out.push([i18n._(msg`User state`), pick(f.userState, USER_STATE_LABELS)]);
        break;
      case 'courseState':
        out.push([i18n._(msg`State`), pick(f.courseState, STATE_LABELS)]);
        break;
      case 'requestStatus':
        out.push([i18n._(msg`Request status`), pick(f.requestStatus, REQUEST_STATUS_LABELS)]);
        break;
      case 'search':
        out.push([i18n._(msg`Search`), f.search?.trim() || all]);
        break;
    }
  }
  return out;
}

/**
 * The export's rows: the report's name, its filters and the instant of the figures, a blank row,
 * the header, the rows, then the totals line when the report has totals.
 */
export function reportSheet<N extends ReportName>(
  i18n: I18n,
  name: N,
  answer: Pick<ReportAnswer<N>, 'asOf' | 'totals'>,
  filters: ReportFilters,
  names: FilterNames,
  rows: readonly ReportAnswer<N>['items'][number][],
): { table: ReportCell[][]; formats: ColumnFormats } {
  const columns = REPORT_CONFIG[name].columns as readonly ColumnDef<N>[];
  const formats: Record<number, string> = {};
  columns.forEach((c, i) => {
    if (c.format === 'duration') formats[i] = DURATION_FORMAT;
  });
  const body = rows.map((r) =>
    columns.map((c) => cellValue(i18n, c.format, (r as Record<string, unknown>)[c.field])),
  );
  const totals = REPORTS[name].totals as readonly string[];
  const totalLine: ReportCell[][] = totals.length
    ? [
        columns.map((c, i) =>
          i === 0
            ? i18n._(msg`Total`)
            : totals.includes(c.field)
              ? cellValue(i18n, c.format, answer.totals[c.field] ?? 0)
              : null,
        ),
      ]
    : [];
  return {
    table: [
      [i18n._(REPORT_CONFIG[name].title)],
      ...filterLines(i18n, name, filters, names),
      [i18n._(msg`As of`), new Date(answer.asOf)],
      [],
      columns.map((c) => i18n._(c.label)),
      ...body,
      ...totalLine,
    ],
    formats,
  };
}

/** Builds and downloads the workbook of every filtered row; SheetJS loads only now, never with the page. */
export async function exportReport(
  i18n: I18n,
  name: ReportName,
  filters: ReportFilters,
  sort: ReportSortOrder,
  names: FilterNames,
  onProgress?: (done: number, total: number) => void,
) {
  const { answer, items } = await fetchAllRows(name, filters, sort, onProgress);
  const { table, formats } = reportSheet(i18n, name, answer, filters, names, items);
  await downloadReport(
    `${REPORTS[name].path}-${filters.range.from}-${filters.range.to}.xlsx`,
    table,
    formats,
  );
  return items.length;
}
