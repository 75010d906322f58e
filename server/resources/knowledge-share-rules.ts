import { CONTENT_TYPE_MISSING } from '#contract/resources/content.ts';
import { invalid } from './record-shape.ts';
import { findLive, recordsRepository } from './records-repository.ts';
import type { ResourceRules } from './repository-types.ts';

/**
 * A shared lesson: its type of knowledge is a live one of the company, and its author is whoever
 * created it (kept on every later edit, whatever a client sends).
 */
export const knowledgeShareRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    const typeId = fields.typeOfKnowledgeId;
    if (typeof typeId === 'string') {
      if (!(await findLive(tx, scope, 'TypeOfKnowledge', typeId)))
        throw invalid([{ path: 'typeOfKnowledgeId', message: CONTENT_TYPE_MISSING }]);
    }
    const existing = await recordsRepository.find(tx, scope, id);
    const authorId = existing
      ? ((existing.data as { authorId?: string | null }).authorId ?? null)
      : scope.userId;
    return { authorId };
  },
};
