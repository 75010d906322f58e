import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEEP_LINK_TARGETS, type DeepLinkTarget, TARGET_NAME_FIELD } from '#contract/resources/deep-link.ts';
import { records } from '../db/schema.ts';
import { findLive, recordsRepository } from '../resources/records-repository.ts';
import type { Scope, Tx } from '../resources/repository-types.ts';

export type FoundLink =
  | { state: 'missing' | 'expired' | 'gone' }
  | {
      state: 'ok';
      scope: Scope;
      id: string;
      code: string;
      kind: DeepLinkTarget;
      targetId: string;
      title: string;
    };

/**
 * The live link of this code (any company, ignoring case) and whether it can be opened now: not
 * expired, and its content still a live record of the link's company.
 */
export async function findLink(tx: Tx, code: string, now: Date): Promise<FoundLink> {
  const [link] = await tx
    .select({ id: records.id, companyId: records.companyId, data: records.data })
    .from(records)
    .where(
      and(
        eq(records.resource, 'DeepLink'),
        sql`lower(${records.data} ->> 'code') = ${code.toLowerCase()}`,
        isNull(records.deletedAt),
      ),
    )
    .limit(1);
  if (!link) return { state: 'missing' };
  const data = link.data as {
    code: string;
    targetKind: string;
    targetId: string;
    title?: string;
    expiresAt?: string;
  };
  if (data.expiresAt && Date.parse(data.expiresAt) <= now.getTime()) return { state: 'expired' };
  const kind = data.targetKind as DeepLinkTarget;
  const scope: Scope = { companyId: link.companyId, userId: '', resource: 'DeepLink' };
  const target = DEEP_LINK_TARGETS.includes(kind)
    ? await findLive(tx, scope, kind, data.targetId)
    : undefined;
  if (!target) return { state: 'gone' };
  const title = data.title || String(target.data[TARGET_NAME_FIELD[kind]] ?? '');
  return { state: 'ok', scope, id: link.id, code: data.code, kind, targetId: data.targetId, title };
}

/**
 * Adds `n` clicks to a link in one statement (no lost count under concurrent openings). A new seq
 * lets every console pull the count; the rev stays, since a click is not an edit (an edit made
 * offline on the same rev is no conflict, and the server keeps the count over the one it sends).
 * Returns false when the link was deleted meanwhile.
 */
export async function countClicks(tx: Tx, link: { id: string; scope: Scope }, serialWrites: boolean, n = 1) {
  await recordsRepository.lockWrites(tx, { ...link.scope, serialWrites });
  const [counted] = await tx
    .update(records)
    .set({
      data: sql`jsonb_set(${records.data}, '{clicks}', to_jsonb(coalesce((${records.data} ->> 'clicks')::int, 0) + ${n}::int))`,
      seq: sql`nextval('records_seq')`,
    })
    .where(and(eq(records.id, link.id), isNull(records.deletedAt)))
    .returning({ id: records.id });
  return !!counted;
}
