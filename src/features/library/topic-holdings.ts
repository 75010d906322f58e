import { liveQuery, type Subscription } from 'dexie';
import { useCallback, useSyncExternalStore } from 'react';
import { CONTENT_RESOURCES } from '#contract/resources/content.ts';
import type { LocalDb } from '@/data/db/local-db';

export type Holdings = { subTopics: number; contents: number };
const NONE: Holdings = { subTopics: 0, contents: 0 };

/** Every topic's live sub-topics and contents, in one pass over the tables (the server counts the same). */
async function allHoldings(db: LocalDb): Promise<Map<string, Holdings>> {
  const counts = new Map<string, Holdings>();
  const add = (topicId: unknown, key: keyof Holdings) => {
    if (typeof topicId !== 'string') return;
    const held = counts.get(topicId) ?? { ...NONE };
    held[key]++;
    counts.set(topicId, held);
  };
  for (const row of await db.rows('Topic').toArray()) if (!row.deletedAt) add(row.parentId, 'subTopics');
  for (const resource of CONTENT_RESOURCES)
    for (const row of await db.rows(resource).toArray()) if (!row.deletedAt) add(row.topicId, 'contents');
  return counts;
}

/** What one topic still holds, read now (a delete's check). */
export async function topicHoldings(db: LocalDb, topicId: string): Promise<Holdings> {
  return (await allHoldings(db)).get(topicId) ?? NONE;
}

/**
 * One live count per database, shared by every topic card on screen: the tables are read once
 * per change, not once per card.
 */
type Shared = { value?: Map<string, Holdings>; listeners: Set<() => void>; subscription?: Subscription };
const shared = new WeakMap<LocalDb, Shared>();

function sharedOf(db: LocalDb): Shared {
  let s = shared.get(db);
  if (!s) {
    s = { listeners: new Set() };
    shared.set(db, s);
  }
  return s;
}

function subscribe(db: LocalDb, listener: () => void) {
  const s = sharedOf(db);
  s.listeners.add(listener);
  s.subscription ??= liveQuery(() => allHoldings(db)).subscribe((value) => {
    s.value = value;
    for (const l of s.listeners) l();
  });
  return () => {
    s.listeners.delete(listener);
    if (s.listeners.size === 0) {
      s.subscription?.unsubscribe();
      s.subscription = undefined;
    }
  };
}

/** A topic's holdings, live; undefined until first read. */
export function useTopicHoldings(db: LocalDb, topicId: string): Holdings | undefined {
  const listen = useCallback((listener: () => void) => subscribe(db, listener), [db]);
  const counts = useSyncExternalStore(listen, () => sharedOf(db).value);
  return counts ? (counts.get(topicId) ?? NONE) : undefined;
}
