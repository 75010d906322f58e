import {
  FILTER_FIELDS,
  REPORTS,
  type ReportFilter,
  type ReportName,
  reportRequest,
} from '#contract/reports.ts';
import { lastDays } from '@/ui/report/date-range';
import type { ReportFilters, ReportSortOrder } from './report-model';

/** What a report page shows: its filters, the search box, the sort and the page. */
export type ReportView = {
  filters: ReportFilters;
  searchText: string;
  sort: ReportSortOrder;
  page: number;
};

/** Filters that are one request field each (the range and the search have their own keys). */
const single = (f: ReportFilter) => f !== 'range' && f !== 'search';

/**
 * The view of a report from its page address (`?from=&to=&courseId=…&q=&sort=&order=&page=`), so a
 * reload, the back button and a shared link show the same report. What the address leaves out, or
 * gives wrong (a field this report does not take, a malformed id, an unknown sort), is the report's
 * default: the last 30 days in the browser's time zone, its default sort, page 1. The range is
 * taken as written, as the date fields show it (useRangeProblem names what is wrong with it).
 */
export function reportViewOf(name: ReportName, params: URLSearchParams, now = new Date()): ReportView {
  const def = REPORTS[name];
  const from = params.get('from');
  const to = params.get('to');
  const fallback = lastDays(30, now);
  // A day being typed (empty or partial) stays as typed: the page says what to fix in the range.
  const filters: ReportFilters = {
    range:
      from !== null && to !== null
        ? { from: from.slice(0, 10), to: to.slice(0, 10), timeZone: fallback.timeZone }
        : fallback,
  };
  const shape = reportRequest.shape as Record<string, { safeParse: (v: unknown) => { success: boolean } }>;
  for (const filter of def.filters.filter(single))
    for (const field of FILTER_FIELDS[filter]) {
      const value = params.get(field);
      if (value && shape[field]?.safeParse(value).success)
        (filters as Record<string, unknown>)[field] = value;
    }
  const sortField = params.get('sort');
  const sortable: readonly string[] = def.sortable;
  const order = params.get('order');
  const sort: ReportSortOrder =
    sortField && sortable.includes(sortField)
      ? { field: sortField, order: order === 'desc' ? 'desc' : 'asc' }
      : { ...def.defaultSort };
  const page = Number(params.get('page'));
  return {
    filters,
    searchText: (def.filters as readonly ReportFilter[]).includes('search')
      ? (params.get('q') ?? '').slice(0, 200)
      : '',
    sort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a report's view: only what differs from the defaults, in a stable order. */
export function reportParamsOf(name: ReportName, view: ReportView, now = new Date()) {
  const def = REPORTS[name];
  const params = new URLSearchParams();
  const fallback = lastDays(30, now);
  if (view.filters.range.from !== fallback.from || view.filters.range.to !== fallback.to) {
    params.set('from', view.filters.range.from);
    params.set('to', view.filters.range.to);
  }
  for (const filter of def.filters.filter(single))
    for (const field of FILTER_FIELDS[filter]) {
      const value = (view.filters as Record<string, unknown>)[field];
      if (typeof value === 'string' && value) params.set(field, value);
    }
  if (view.searchText) params.set('q', view.searchText);
  if (view.sort.field !== def.defaultSort.field || view.sort.order !== def.defaultSort.order) {
    params.set('sort', view.sort.field);
    params.set('order', view.sort.order);
  }
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}
