import { z } from 'zod';
import type { FileKind } from './files.ts';
import type { Area } from './permissions.ts';

/**
 * One definition per resource (ARCHITECTURE.md): this drives the server's generic routes and
 * validation, the Dexie table, its sync, the list/form screens, the Excel export and the
 * permission checks. `fields` are the editable fields; the base fields are added here.
 */
export const baseRecord = z.object({
  id: z.uuid(),
  rev: z.number().int().min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type BaseRecord = z.infer<typeof baseRecord>;

export interface ResourceOptions<N extends string, F extends z.ZodObject> {
  name: N;
  /** Permission area of spec section 6; the CRUD flags of that area gate every action. */
  area: Area;
  fields: F;
  /** Whole-record rules that need several fields (e.g. end after start). */
  refine?: (value: z.infer<F>, ctx: z.RefinementCtx) => void;
  searchable: readonly (keyof z.infer<F> & string)[];
  sortable: readonly (keyof z.infer<F> & string)[];
  defaultSort: { field: keyof z.infer<F> & string; dir: 'asc' | 'desc' };
  /**
   * Fields the console's IndexedDB indexes besides `unique` ones, for screens that read a few
   * records by them (the skill chart's first screen reads only its visible people's assessments).
   */
  localIndexes?: readonly (keyof z.infer<F> & string)[];
  /** Columns of the Excel export, in order. */
  exportColumns: readonly (keyof z.infer<F> & string)[];
  /**
   * Fields no two live records of a company share (trimmed, ignoring case), with the message
   * when one does. The console checks its local rows before saving; the server decides.
   */
  unique?: Partial<Record<keyof z.infer<F> & string, string>>;
  /** Field (holding an uploaded file's URL) -> upload kind; the record syncs after its upload. */
  files?: Partial<Record<keyof z.infer<F> & string, FileKind>>;
  /**
   * Files inside a list of objects (a course's videos): list field -> item field -> upload kind.
   * They gate the sync like `files` (contract/file-refs.ts walks both).
   */
  listFiles?: Partial<Record<keyof z.infer<F> & string, Record<string, FileKind>>>;
  /**
   * Served to every company but written by no one through the API (the content store): the
   * generic Create/Update/Delete and Sync Push refuse it with 403, the console offers no edit.
   */
  readOnly?: true;
}

/** The value `make` returns, made at the first call and kept. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

/**
 * The record, create and update schemas are built at their first use (issue 14: building all of
 * them for every resource was about 5 ms of each console start, which uses few of them).
 */
export function defineResource<const N extends string, F extends z.ZodObject>(o: ResourceOptions<N, F>) {
  const withRules = <S extends z.ZodType>(s: S) => (o.refine ? s.superRefine(o.refine as never) : s);
  const record = once(() => baseRecord.extend(o.fields.shape));
  const create = once(() => withRules(o.fields.extend({ id: z.uuid() })));
  const update = once(() => withRules(o.fields.extend({ id: z.uuid(), rev: z.number().int().min(1) })));
  return {
    ...o,
    get record() {
      return record();
    },
    get create() {
      return create();
    },
    /** An update sends every editable field plus the revision it was based on. */
    get update() {
      return update();
    },
  };
}
export type ResourceDef = ReturnType<typeof defineResource>;

export const listRequest = z.object({
  page: z.number().int().min(1).default(1),
  per_page: z.number().int().min(1).max(500).default(50),
  search: z.string().max(200).optional(),
  sort: z.object({ field: z.string(), dir: z.enum(['asc', 'desc']) }).optional(),
  filters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type ListRequest = z.infer<typeof listRequest>;

export const idRequest = z.object({ id: z.uuid() });
