import { and, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import {
  POSITION_HOLDER_NOT_IN_COMPANY,
  POSITION_NAME_TAKEN,
  POSITION_SECTION_MISSING,
  SECTION_NAME_TAKEN,
  sectionInUse,
} from '#contract/resources/iso-setting.ts';
import { records, users } from '../db/schema.ts';
import { invalid } from './record-shape.ts';
import { findLive } from './records-repository.ts';
import type { ResourceRules, Scope, Tx } from './repository-types.ts';

/** Another live record of `resource` with this name (trimmed, ignoring case), within `where`. */
async function nameTaken(tx: Tx, scope: Scope, resource: string, id: string, name: unknown, where?: SQL) {
  const [twin] = await tx
    .select({ id: records.id })
    .from(records)
    .where(
      and(
        eq(records.companyId, scope.companyId),
        eq(records.resource, resource),
        isNull(records.deletedAt),
        ne(records.id, id),
        sql`lower(trim(${records.data} ->> 'name')) = ${String(name ?? '')
          .trim()
          .toLowerCase()}`,
        where,
      ),
    )
    .limit(1);
  return !!twin;
}

/** A section is deleted only once no live position names it (the skill chart groups by both). */
export const sectionRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    if (await nameTaken(tx, scope, 'Section', id, fields.name))
      throw invalid([{ path: 'name', message: SECTION_NAME_TAKEN }]);
  },
  async beforeDelete(tx, scope, id) {
    const [row] = await tx
      .select({ n: count() })
      .from(records)
      .where(
        and(
          eq(records.companyId, scope.companyId),
          eq(records.resource, 'Position'),
          isNull(records.deletedAt),
          sql`${records.data} ->> 'sectionId' = ${id}`,
        ),
      );
    const positions = Number(row?.n ?? 0);
    if (positions) throw invalid([{ path: 'id', message: sectionInUse(positions) }]);
  },
};

/**
 * A position's section is a live section of the company, and its holders live users of the
 * company; anything of another company is refused like a missing one.
 */
export const positionRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    const { sectionId, holderIds } = fields as { sectionId: string; holderIds: string[] };
    if (!(await findLive(tx, scope, 'Section', sectionId)))
      throw invalid([{ path: 'sectionId', message: POSITION_SECTION_MISSING }]);
    // Two sections may each have a "Line leader"; one section not twice.
    if (
      await nameTaken(
        tx,
        scope,
        'Position',
        id,
        fields.name,
        sql`${records.data} ->> 'sectionId' = ${sectionId}`,
      )
    )
      throw invalid([{ path: 'name', message: POSITION_NAME_TAKEN }]);
    const wanted = [...new Set(holderIds)];
    if (wanted.length) {
      const [row] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.companyId, scope.companyId), inArray(users.id, wanted), isNull(users.deletedAt)));
      if (Number(row?.n ?? 0) !== wanted.length)
        throw invalid([{ path: 'holderIds', message: POSITION_HOLDER_NOT_IN_COMPANY }]);
    }
    return { holderIds: wanted };
  },
};
