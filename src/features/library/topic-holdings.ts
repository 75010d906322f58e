import { CONTENT_RESOURCES } from '#contract/resources/content.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';

const live = (row: LocalRow) => !row.deletedAt;

/** What a topic still holds: its live sub-topics and contents (the server counts the same). */
export async function topicHoldings(db: LocalDb, topicId: string) {
  const subTopics = (await db.rows('Topic').toArray()).filter(
    (r) => live(r) && r.parentId === topicId,
  ).length;
  let contents = 0;
  for (const resource of CONTENT_RESOURCES)
    contents += (await db.rows(resource).toArray()).filter((r) => live(r) && r.topicId === topicId).length;
  return { subTopics, contents };
}
