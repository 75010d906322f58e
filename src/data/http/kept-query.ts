import { keepPreviousData, type QueryFunctionContext, type QueryKey, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalDb } from '@/data/db/use-local-db';

const PREFIX = 'kept:';
/** Answers kept per user; the oldest go first (a report's filter sets and pages add up). */
const MAX_KEPT = 60;

type Kept<T> = { at: number; data: T };

/**
 * Server-only data that stays readable offline (a report, the activity log): TanStack Query as
 * usual while online, and every answer is also kept in the user's IndexedDB (`meta`, cleared on
 * sign-out) under its query key. Until a fresh answer arrives (loading, offline, failed), the last
 * answer kept for the SAME key is shown with the time it arrived (`keptAt`), never as live.
 */
export function useKeptQuery<T>(opts: {
  queryKey: QueryKey;
  queryFn: (ctx: QueryFunctionContext) => Promise<T>;
  enabled?: boolean;
  /** Keep the last page on screen while the next loads (TanStack's `keepPreviousData`). */
  keepPrevious?: boolean;
}) {
  const db = useLocalDb();
  const key = `${PREFIX}${JSON.stringify(opts.queryKey)}`;
  const query = useQuery<T, Error, T, QueryKey>({
    queryKey: opts.queryKey,
    enabled: opts.enabled,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
    queryFn: async (ctx) => {
      const data = await opts.queryFn(ctx);
      if (db) {
        await db.meta.put({ key, value: { at: Date.now(), data } satisfies Kept<T> });
        const kept = await db.meta.filter((m) => m.key.startsWith(PREFIX)).toArray();
        if (kept.length > MAX_KEPT) {
          const oldest = kept
            .sort((a, b) => (a.value as Kept<T>).at - (b.value as Kept<T>).at)
            .slice(0, kept.length - MAX_KEPT);
          await db.meta.bulkDelete(oldest.map((m) => m.key));
        }
      }
      return data;
    },
  });
  // `undefined` while the device has not been read yet; `null` once it has, with nothing kept.
  const kept = useLiveQuery(async () => (db ? ((await db.meta.get(key)) ?? null) : undefined), [db, key]);
  // Until a fresh answer arrives (loading, paused offline, failed), the kept one stands in.
  const fresh = query.data !== undefined && !query.isPlaceholderData;
  const fallback = fresh ? undefined : (kept?.value as Kept<T> | undefined);
  return {
    query,
    data: fallback ? fallback.data : query.data,
    /** When the shown data came from the device because the server could not be reached. */
    keptAt: fallback ? fallback.at : null,
    /**
     * Still reading the device for a kept answer: "nothing kept for these filters" is not known
     * yet, so a screen says nothing about it (it would flash before the kept figures appear).
     */
    looking: !fresh && kept === undefined,
  };
}
