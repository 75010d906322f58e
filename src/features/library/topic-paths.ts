import type { LocalRow } from '@/data/db/local-types';

/**
 * Spec section 2: /home/library/{name} and /home/library/{name}/{subName}. A topic is addressed by
 * its title (unique among its siblings, checked on both sides), so a link reads like the library.
 */
export const LIBRARY_PATH = '/home/library';

export const topicPath = (main: string, sub?: string) =>
  `${LIBRARY_PATH}/${encodeURIComponent(main)}${sub === undefined ? '' : `/${encodeURIComponent(sub)}`}`;

const same = (a: unknown, b: string) =>
  String(a ?? '')
    .trim()
    .toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The live main topic and, when asked, its sub-topic named by a path's parts. */
export function findTopics(rows: readonly LocalRow[], name: string, subName?: string) {
  const main = rows.find((r) => !r.deletedAt && !r.parentId && same(r.title, name)) ?? null;
  const sub =
    main && subName !== undefined
      ? (rows.find((r) => !r.deletedAt && r.parentId === main.id && same(r.title, subName)) ?? null)
      : null;
  return { main, sub };
}

/** Where a topic row's title leads: its page, under its parent's when it is a sub-topic. */
export function linkOfTopic(rows: readonly LocalRow[], row: LocalRow): string | null {
  if (!row.parentId) return topicPath(String(row.title ?? ''));
  const parent = rows.find((r) => r.id === row.parentId);
  return parent ? topicPath(String(parent.title ?? ''), String(row.title ?? '')) : null;
}
