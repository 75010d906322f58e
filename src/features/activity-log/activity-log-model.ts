import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type AuditAction, type AuditEntry, type AuditListRequest, auditPage } from '#contract/audit.ts';
import { isResourceName } from '#contract/registry.ts';
import { apiPost } from '@/data/http/api';
import type { ReportCell } from '@/ui/report/report-workbook';
import type { ResourceViews } from '@/ui/resource/view-registry';

export const ACTION_LABELS: Record<AuditAction, MessageDescriptor> = {
  create: msg`Created`,
  update: msg`Changed`,
  delete: msg`Deleted`,
  permissionChange: msg`Permissions changed`,
  deactivate: msg`Deactivated`,
  reactivate: msg`Reactivated`,
  signIn: msg`Signed in`,
  signInFailed: msg`Failed sign-in`,
  notificationSent: msg`Notification sent`,
  import: msg`Imported`,
};

export type LogFilters = Pick<AuditListRequest, 'action' | 'search' | 'from' | 'to'>;
export const PAGE_SIZE = 50;
const EXPORT_PAGE = 1000;

export const logKey = (filters: LogFilters, page: number) => ['activity-log', filters, page] as const;

export const fetchLog = (filters: LogFilters, page: number, perPage = PAGE_SIZE, signal?: AbortSignal) =>
  apiPost('/v1/AuditLog/List', { schema: auditPage, body: { ...filters, page, per_page: perPage }, signal });

/** Every entry matching the filters, page after page (for the export). */
export async function fetchAllEntries(filters: LogFilters) {
  const first = await fetchLog(filters, 1, EXPORT_PAGE);
  const items = [...first.items];
  for (let page = 2; items.length < first.total; page++) {
    const next = await fetchLog(filters, page, EXPORT_PAGE);
    if (!next.items.length) break;
    items.push(...next.items);
  }
  return items;
}

/** A resource as the admin reads it (the title of its screen), or its API name. */
export function resourceLabel(i18n: I18n, views: ResourceViews, resource: string | null) {
  if (!resource) return '';
  const view = isResourceName(resource) ? views.get(resource) : undefined;
  return view ? i18n._(view.title) : resource;
}

/** A field as its form labels it, or its API name. */
export function fieldLabel(i18n: I18n, views: ResourceViews, resource: string | null, field: string) {
  const view = resource && isResourceName(resource) ? views.get(resource) : undefined;
  const label = view?.fields[field]?.label;
  return label ? i18n._(label) : field;
}

/** The records a field of a resource refers to (its view's ref or refs widget), if any. */
export function refTarget(views: ResourceViews, resource: string | null, field: string) {
  const view = resource && isResourceName(resource) ? views.get(resource) : undefined;
  const widget = view?.fields[field]?.widget;
  return widget?.kind === 'ref' || widget?.kind === 'refs'
    ? { resource: widget.resource, labelFields: widget.labelFields }
    : undefined;
}

/** Record ids -> names, for the ids the log names (a course, a user…); an unknown id stays an id. */
export type NameOf = ReadonlyMap<string, string>;

const shown = (v: unknown, names: NameOf): string => {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v === 'string') return names.get(v) ?? v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string'))
    return v.map((x) => names.get(x) ?? x).join(', ');
  return JSON.stringify(v);
};

/** "Answer: old → new; Title: …" for a change (a create lists what it set). */
export function changesText(i18n: I18n, views: ResourceViews, e: AuditEntry, names: NameOf = new Map()) {
  return e.changes
    .map((c) =>
      e.action === 'create' || e.action === 'import'
        ? `${fieldLabel(i18n, views, e.resource, c.field)}: ${shown(c.to, names)}`
        : `${fieldLabel(i18n, views, e.resource, c.field)}: ${shown(c.from, names)} → ${shown(c.to, names)}`,
    )
    .join('; ');
}

/** The export: what it is and its filters, a blank line, the header, one row per entry. */
export function logSheet(
  i18n: I18n,
  views: ResourceViews,
  filters: LogFilters,
  items: readonly AuditEntry[],
  now = new Date(),
): ReportCell[][] {
  const all = i18n._(msg`All`);
  return [
    [i18n._(msg`Activity log`), now],
    [i18n._(msg`Action`), filters.action ? i18n._(ACTION_LABELS[filters.action]) : all],
    [i18n._(msg`From`), filters.from ? new Date(filters.from) : all],
    [i18n._(msg`To`), filters.to ? new Date(filters.to) : all],
    [i18n._(msg`Search`), filters.search || all],
    [],
    [
      i18n._(msg`When`),
      i18n._(msg`Who`),
      i18n._(msg`Action`),
      i18n._(msg`Kind of record`),
      i18n._(msg`Record`),
      i18n._(msg`Changes`),
      i18n._(msg`Address`),
    ],
    ...items.map((e) => [
      new Date(e.at),
      e.actorName,
      i18n._(ACTION_LABELS[e.action]),
      resourceLabel(i18n, views, e.resource),
      e.label,
      changesText(i18n, views, e),
      e.ip ?? '',
    ]),
  ];
}
