import { RESOURCES } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { AnyView } from '@/ui/resource/view-config';

/** Field -> contract message (English; translate for display). */
export type RuleProblems = Record<string, string>;

/**
 * The contract's `unique` rules against the live local rows, unsent ones included, so the
 * admin hears of a taken name at once instead of from a parked change later. The server
 * still decides: another device may have taken the value since the last pull.
 */
export async function localDuplicates(
  db: LocalDb,
  view: AnyView,
  id: string,
  payload: Record<string, unknown>,
): Promise<RuleProblems> {
  const problems: RuleProblems = {};
  const table = db.rows(view.resource);
  const indexed = new Set(table.schema.indexes.map((i) => i.name));
  for (const [field, message] of Object.entries(RESOURCES[view.resource].unique ?? {})) {
    const value = payload[field];
    if (typeof value !== 'string' || !value.trim() || !message) continue;
    const wanted = value.trim().toLowerCase();
    const same = indexed.has(field)
      ? table.where(field).equalsIgnoreCase(value.trim())
      : table.filter((r) => String(r[field] ?? '').toLowerCase() === wanted);
    const taken = await same.filter((r) => r.id !== id && !r.deletedAt).first();
    if (taken) problems[field] = message as string;
  }
  return problems;
}

/** Every rule that needs more than the record itself: uniqueness, then the view's own checks. */
export async function recordRules(
  db: LocalDb,
  view: AnyView,
  id: string,
  payload: Record<string, unknown>,
  userId: string | null,
): Promise<RuleProblems> {
  const own = Object.entries((await view.check?.({ db, id, payload, userId })) ?? {}).filter(
    (e): e is [string, string] => !!e[1],
  );
  return { ...Object.fromEntries(own), ...(await localDuplicates(db, view, id, payload)) };
}
