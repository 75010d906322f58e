import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { TOPIC_HAS_SUB_TOPICS, TOPIC_PARENT_NOT_MAIN, topicInUse } from '#contract/resources/topic.ts';
import { records } from '../db/schema.ts';
import { invalid } from './record-shape.ts';
import { recordsRepository } from './records-repository.ts';
import type { Scope, Tx } from './repository-types.ts';

/** Live sub-topics of `id` in the caller's company. */
async function subTopicCount(tx: Tx, scope: Scope, id: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(records)
    .where(
      and(
        eq(records.companyId, scope.companyId),
        eq(records.resource, 'Topic'),
        isNull(records.deletedAt),
        ne(records.id, id),
        sql`${records.data} ->> 'parentId' = ${id}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Two levels: a parent is a live main topic of the company (not the topic itself). */
export const topicRules = {
  async beforeSave(tx: Tx, scope: Scope, id: string, fields: Record<string, unknown>) {
    const parentId = fields.parentId;
    if (typeof parentId !== 'string') return;
    const parent = parentId === id ? undefined : await recordsRepository.find(tx, scope, parentId);
    if (!parent || parent.deletedAt || (parent.data as { parentId?: unknown }).parentId) {
      throw invalid([{ path: 'parentId', message: TOPIC_PARENT_NOT_MAIN }]);
    }
    if (await subTopicCount(tx, scope, id))
      throw invalid([{ path: 'parentId', message: TOPIC_HAS_SUB_TOPICS }]);
  },
  async beforeDelete(tx: Tx, scope: Scope, id: string) {
    const n = await subTopicCount(tx, scope, id);
    if (n) throw invalid([{ path: 'id', message: topicInUse(n) }]);
  },
};
