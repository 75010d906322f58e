import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { CONTENT_RESOURCES } from '#contract/resources/content.ts';
import {
  TOPIC_HAS_SUB_TOPICS,
  TOPIC_PARENT_NOT_MAIN,
  TOPIC_TITLE_TAKEN,
  topicInUse,
} from '#contract/resources/topic.ts';
import { records } from '../db/schema.ts';
import { invalid } from './record-shape.ts';
import { findLive } from './records-repository.ts';
import type { ResourceRules, Scope, Tx } from './repository-types.ts';

/** Live records of the company among `resources` whose `field` is `id` (other than `id` itself). */
async function countPointing(tx: Tx, scope: Scope, resources: readonly string[], field: string, id: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(records)
    .where(
      and(
        eq(records.companyId, scope.companyId),
        inArray(records.resource, [...resources]),
        isNull(records.deletedAt),
        ne(records.id, id),
        sql`${records.data} ->> ${field} = ${id}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Two levels: a parent is a live main topic of the company (not the topic itself). Titles are
 * unique among siblings, since a topic's page is addressed by its title
 * (/home/library/{name}/{subName}).
 */
export const topicRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    const parentId = typeof fields.parentId === 'string' ? fields.parentId : null;
    if (parentId) {
      const parent = parentId === id ? undefined : await findLive(tx, scope, 'Topic', parentId);
      if (!parent || (parent.data as { parentId?: unknown }).parentId) {
        throw invalid([{ path: 'parentId', message: TOPIC_PARENT_NOT_MAIN }]);
      }
      if (await countPointing(tx, scope, ['Topic'], 'parentId', id))
        throw invalid([{ path: 'parentId', message: TOPIC_HAS_SUB_TOPICS }]);
    }
    const [twin] = await tx
      .select({ id: records.id })
      .from(records)
      .where(
        and(
          eq(records.companyId, scope.companyId),
          eq(records.resource, 'Topic'),
          isNull(records.deletedAt),
          ne(records.id, id),
          sql`lower(trim(${records.data} ->> 'title')) = ${String(fields.title ?? '')
            .trim()
            .toLowerCase()}`,
          parentId
            ? sql`${records.data} ->> 'parentId' = ${parentId}`
            : sql`coalesce(${records.data} ->> 'parentId', '') = ''`,
        ),
      )
      .limit(1);
    if (twin) throw invalid([{ path: 'title', message: TOPIC_TITLE_TAKEN }]);
  },
  async beforeDelete(tx, scope, id) {
    const subTopics = await countPointing(tx, scope, ['Topic'], 'parentId', id);
    const contents = await countPointing(tx, scope, CONTENT_RESOURCES, 'topicId', id);
    if (subTopics || contents) throw invalid([{ path: 'id', message: topicInUse(subTopics, contents) }]);
  },
};
