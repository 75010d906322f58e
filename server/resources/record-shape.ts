import type { z } from 'zod';
import { STATUS } from '#contract/envelope.ts';
import type { ListRequest, ResourceDef } from '#contract/resource.ts';
import { ApiError } from '../lib/api-error.ts';
import type { ListQuery, StoredRow } from './repository-types.ts';

/** The contract `record` shape: base fields, then the stored fields. */
export const toRecord = (row: StoredRow) => ({
  ...row.data,
  id: row.id,
  rev: row.rev,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
});
export type RecordOut = ReturnType<typeof toRecord>;

/** A 422 in the envelope of every validation refusal: one entry per wrong field. */
export function invalid(fields: { path: string; message: string }[]) {
  const list = fields.map((f) => `${f.path}: ${f.message.replace(/\.$/, '')}`).join('; ');
  return new ApiError(422, STATUS.validation, `Please correct the request: ${list}.`, { fields });
}

export const zodInvalid = (error: z.ZodError) =>
  invalid(
    error.issues.map((i) => ({
      path: i.path.join('.') || 'body',
      message: i.code === 'invalid_type' && i.input === undefined ? 'Required' : i.message,
    })),
  );

/** Checks sort and filters against the definition: only its own fields, sortable ones for sort. */
export function toListQuery(def: ResourceDef, req: ListRequest): ListQuery {
  const fields = Object.keys(def.fields.shape);
  const sortable: readonly string[] = def.sortable;
  const sort = req.sort ?? def.defaultSort;
  if (!sortable.includes(sort.field)) {
    throw invalid([{ path: 'sort.field', message: `Sort by one of: ${sortable.join(', ')}` }]);
  }
  const filters = Object.entries(req.filters ?? {});
  const unknown = filters.find(([f]) => !fields.includes(f));
  if (unknown) {
    throw invalid([{ path: `filters.${unknown[0]}`, message: `Filter by one of: ${fields.join(', ')}` }]);
  }
  const search = req.search?.trim();
  return {
    page: req.page,
    per_page: req.per_page,
    searchFields: def.searchable,
    search: search || undefined,
    sort,
    filters,
  };
}
