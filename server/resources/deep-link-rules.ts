import { and, eq, sql } from 'drizzle-orm';
import {
  DEEP_LINK_CODE_FIXED,
  DEEP_LINK_CODE_TAKEN,
  DEEP_LINK_TARGET_MISSING,
  newLinkCode,
} from '#contract/resources/deep-link.ts';
import { records } from '../db/schema.ts';
import { invalid } from './record-shape.ts';
import { findLive } from './records-repository.ts';
import type { ResourceRules, Tx } from './repository-types.ts';

/**
 * Serialises writes naming the same code until the transaction ends, across companies (codes are
 * global and the company lock of lockWrites does not cover another company's write).
 */
const lockCode = (tx: Tx, code: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deep-link-code:${code.toLowerCase()}`}))`);

/** Whether any link of any company, deleted ones included, holds this code (ignoring case). */
async function codeTaken(tx: Tx, code: string) {
  const [row] = await tx
    .select({ id: records.id })
    .from(records)
    .where(
      and(eq(records.resource, 'DeepLink'), sql`lower(${records.data} ->> 'code') = ${code.toLowerCase()}`),
    )
    .limit(1);
  return !!row;
}

/**
 * The target must be a live record of the company. The code is chosen once: the client's proposal
 * when no link of any company holds it, or a random one when left empty; later updates keep it.
 * `clicks` is the server's (counted by GET /l/{code}): a create starts at 0, an update keeps the
 * stored count. Openings take the company write lock too (services/deep-links.ts), so none lands
 * between this read and the write; the row lock keeps that true for any other writer.
 */
export const deepLinkRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    const kind = String(fields.targetKind);
    if (!(await findLive(tx, scope, kind, String(fields.targetId))))
      throw invalid([{ path: 'targetId', message: DEEP_LINK_TARGET_MISSING }]);
    const expiresAt = typeof fields.expiresAt === 'string' && fields.expiresAt ? fields.expiresAt : null;
    const sent = String(fields.code ?? '');
    const [stored] = await tx
      .select({ data: records.data })
      .from(records)
      .where(
        and(eq(records.id, id), eq(records.companyId, scope.companyId), eq(records.resource, 'DeepLink')),
      )
      .for('update')
      .limit(1);
    if (stored) {
      const code = String(stored.data.code ?? '');
      if (sent && sent !== code) throw invalid([{ path: 'code', message: DEEP_LINK_CODE_FIXED }]);
      return { code, clicks: Number(stored.data.clicks ?? 0), expiresAt };
    }
    if (sent) {
      await lockCode(tx, sent);
      if (await codeTaken(tx, sent)) throw invalid([{ path: 'code', message: DEEP_LINK_CODE_TAKEN }]);
      return { code: sent, clicks: 0, expiresAt };
    }
    // 62^7 codes: a clash is already unlikely; a few more draws make it practically impossible.
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = newLinkCode(attempt < 4 ? 7 : 10);
      await lockCode(tx, code);
      if (!(await codeTaken(tx, code))) return { code, clicks: 0, expiresAt };
    }
    throw new Error('No free deep link code found');
  },
};
