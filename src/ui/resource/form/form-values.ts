import type { z } from 'zod';
import { RESOURCES } from '#contract/registry.ts';
import type { LocalRow } from '@/data/db/local-types';
import { fromLocalInput, toLocalInput } from '@/ui/resource/form/date-values';
import type { AnyView, FormValues } from '@/ui/resource/view-config';

export const PASSWORD_REQUIRED = 'Please enter a password.';

const shapeOf = (view: AnyView) => RESOURCES[view.resource].fields.shape as Record<string, z.ZodType>;

/** The contract's default of a field ('' when it has none). */
function contractDefault(view: AnyView, field: string): string {
  const parsed = shapeOf(view)[field]?.safeParse(undefined);
  return parsed?.success ? asText(parsed.data) : '';
}

/** A stored value as the text of its input: objects as JSON, null and undefined as ''. */
const asText = (raw: unknown): string =>
  raw == null ? '' : typeof raw === 'object' ? JSON.stringify(raw) : String(raw);

/** A field held as a JSON list of ids or file references (departments, attachments); [] when not. */
export function idList(value: string): string[] {
  try {
    const list = JSON.parse(value || '[]');
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The text of an input as the contract wants it: booleans, null for an empty nullable, JSON objects. */
function fromText(view: AnyView, field: string, value: string): unknown {
  const kind = view.fields[field]?.widget.kind;
  if (kind === 'switch') return value === 'true';
  if (kind === 'number' || kind === 'readout') return value.trim() === '' ? 0 : Number(value);
  if (
    kind === 'permissions' ||
    kind === 'refs' ||
    kind === 'checks' ||
    kind === 'files' ||
    (kind === 'kept' && /^[[{]/.test(value))
  ) {
    try {
      return JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (kind === 'password') return value === '' ? undefined : value;
  if (value === '' && (kind === 'select' || kind === 'ref') && shapeOf(view)[field]?.safeParse(null).success)
    return null;
  return value;
}

const isVisible = (view: AnyView, field: string, values: FormValues) =>
  view.fields[field]?.visibleWhen?.(values) ?? true;

export const visibleFields = (view: AnyView, values: FormValues) =>
  Object.keys(view.fields).filter((f) => isVisible(view, f, values));

/** What the form starts with: the record's values, or the defaults of a new one. */
export function initialValues(view: AnyView, row?: LocalRow | null): FormValues {
  const extra = row ? {} : (view.initial?.() ?? {});
  const values: FormValues = {};
  for (const [field, fv] of Object.entries(view.fields)) {
    const raw = row ? row[field] : (extra[field] ?? contractDefault(view, field));
    // A write-only field never comes back from the record.
    const text = fv.widget.kind === 'password' ? '' : asText(raw);
    values[field] = fv.widget.kind === 'datetime' && row ? toLocalInput(text) : text;
  }
  return values;
}

/** The editable fields as the contract wants them: ISO instants with offset; hidden fields reset. */
export function toPayload(view: AnyView, values: FormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [field, fv] of Object.entries(view.fields)) {
    const value = values[field] ?? '';
    if (!isVisible(view, field, values)) payload[field] = fromText(view, field, contractDefault(view, field));
    else
      payload[field] = fv.widget.kind === 'datetime' ? fromLocalInput(value) : fromText(view, field, value);
  }
  return payload;
}

/** Field -> first contract message broken by the payload (English; translate for display). */
export function validatePayload(
  view: AnyView,
  id: string,
  payload: Record<string, unknown>,
  creating = false,
) {
  // An edit is checked like the update it becomes: a write-only secret left empty is kept.
  const schema = RESOURCES[view.resource][creating ? 'create' : 'update'] as z.ZodType;
  const result = schema.safeParse(creating ? { ...payload, id } : { ...payload, id, rev: 1 });
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    const missingSecret = view.fields[field]?.widget.kind === 'password' && payload[field] === undefined;
    errors[field] ??= missingSecret ? PASSWORD_REQUIRED : issue.message;
  }
  return errors;
}

export const sameValues = (a: FormValues, b: FormValues) =>
  Object.keys({ ...a, ...b }).every((k) => (a[k] ?? '') === (b[k] ?? ''));

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A form opened on `base` is saved after the record became `theirs` (a pull, another tab).
 * Three-way, field by field: what the admin left alone takes their value, so a change made
 * elsewhere is never silently undone; what only the admin changed keeps the admin's value.
 * `clashes` are the fields both changed differently: the admin's value wins there, and the
 * form says so before the save.
 */
export function mergeEdit(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
): { merged: Record<string, unknown>; clashes: string[] } {
  const merged = { ...mine };
  const clashes: string[] = [];
  for (const field of Object.keys(mine)) {
    if (same(theirs[field], base[field])) continue;
    if (same(mine[field], base[field])) merged[field] = theirs[field];
    else if (!same(mine[field], theirs[field])) clashes.push(field);
  }
  return { merged, clashes };
}
