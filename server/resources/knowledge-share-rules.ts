import { and, eq, isNull } from 'drizzle-orm';
import { CONTENT_TYPE_MISSING } from '#contract/resources/content.ts';
import { records } from '../db/schema.ts';
import { invalid } from './record-shape.ts';
import { recordsRepository } from './records-repository.ts';
import type { ResourceRules } from './repository-types.ts';

/**
 * A shared lesson: its type of knowledge is a live one of the company, and its author is whoever
 * created it (kept on every later edit, whatever a client sends).
 */
export const knowledgeShareRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    const typeId = fields.typeOfKnowledgeId;
    if (typeof typeId === 'string') {
      const [type] = await tx
        .select({ id: records.id })
        .from(records)
        .where(
          and(
            eq(records.id, typeId),
            eq(records.companyId, scope.companyId),
            eq(records.resource, 'TypeOfKnowledge'),
            isNull(records.deletedAt),
          ),
        )
        .limit(1);
      if (!type) throw invalid([{ path: 'typeOfKnowledgeId', message: CONTENT_TYPE_MISSING }]);
    }
    const existing = await recordsRepository.find(tx, scope, id);
    const authorId = existing
      ? ((existing.data as { authorId?: string | null }).authorId ?? null)
      : scope.userId;
    return { authorId };
  },
};
