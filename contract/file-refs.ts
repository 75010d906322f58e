import type { FileKind } from './files.ts';

/** Where a resource keeps uploaded files' URLs (its definition's `files` and `listFiles`). */
export type FileFields = {
  files?: Partial<Record<string, FileKind>>;
  listFiles?: Partial<Record<string, Record<string, FileKind>>>;
};

/** One file a record names: where (`cover`, `attachments.2`, `videos.0.file`), its kind, its URL. */
export type FileRef = { path: string; kind: FileKind; url: string };

const itemsOf = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];

/**
 * Every non-empty file reference of a record: a field holding one, each item of a list of them
 * (attachments), and the file fields of each object of a list (a course video's file and
 * thumbnail). The console gates the sync on the staged ones; the server checks them all.
 */
export function fileRefsOf(def: FileFields, data: Record<string, unknown>): FileRef[] {
  const refs: FileRef[] = [];
  for (const [field, kind] of Object.entries(def.files ?? {})) {
    const value = data[field];
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        if (typeof v === 'string' && v) refs.push({ path: `${field}.${i}`, kind: kind!, url: v });
      });
    } else if (typeof value === 'string' && value) refs.push({ path: field, kind: kind!, url: value });
  }
  for (const [field, inner] of Object.entries(def.listFiles ?? {})) {
    itemsOf(data[field]).forEach((item, i) => {
      for (const [sub, kind] of Object.entries(inner ?? {})) {
        const v = item[sub];
        if (typeof v === 'string' && v) refs.push({ path: `${field}.${i}.${sub}`, kind, url: v });
      }
    });
  }
  return refs;
}

/**
 * The fields of `data` that name `from` (alone, in a list, or in a list's objects) with `to` in
 * its place; only the changed fields are returned (empty when none named it).
 */
export function replaceFileRef(
  def: FileFields,
  data: Record<string, unknown>,
  from: string,
  to: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of Object.keys(def.files ?? {})) {
    const v = data[field];
    if (v === from) out[field] = to;
    else if (Array.isArray(v) && v.includes(from)) out[field] = v.map((x) => (x === from ? to : x));
  }
  for (const [field, inner] of Object.entries(def.listFiles ?? {})) {
    const v = data[field];
    if (!Array.isArray(v)) continue;
    const subs = Object.keys(inner ?? {});
    let changed = false;
    const next = v.map((item) => {
      if (!item || typeof item !== 'object') return item;
      const hit = subs.filter((s) => (item as Record<string, unknown>)[s] === from);
      if (!hit.length) return item;
      changed = true;
      return { ...item, ...Object.fromEntries(hit.map((s) => [s, to])) };
    });
    if (changed) out[field] = next;
  }
  return out;
}
