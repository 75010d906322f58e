import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDataContext } from '@/data/db/use-local-db';
import { useKeptQuery } from '@/data/http/kept-query';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { testDb } from '../fake-db';

type Seen = { data: unknown; keptAt: number | null; looking: boolean };

/** Renders a kept query whose server never answers (offline) and records what every render saw. */
function renderOffline(db: ReturnType<typeof testDb>, key: string[]) {
  const seen: Seen[] = [];
  function Probe() {
    const { data, keptAt, looking } = useKeptQuery({
      queryKey: key,
      queryFn: () => new Promise<never>(() => {}),
    });
    seen.push({ data, keptAt, looking });
    return null;
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LocalDataContext.Provider value={{ key: 'c1:u1', db, engine: {} as SyncEngine }}>
        <Probe />
      </LocalDataContext.Provider>
    </QueryClientProvider>,
  );
  return seen;
}

afterEach(cleanup);

describe('useKeptQuery offline', () => {
  it('is looking until the kept answer is read, and never says nothing is kept meanwhile', async () => {
    const db = testDb();
    const key = ['dashboard', '2026-11-01'];
    await db.meta.put({
      key: `kept:${JSON.stringify(key)}`,
      value: { at: 1_700_000_000_000, data: { n: 7 } },
    });
    const seen = renderOffline(db, key);
    await waitFor(() => expect(seen.at(-1)?.keptAt).toBe(1_700_000_000_000));
    expect(seen[0]).toEqual({ data: undefined, keptAt: null, looking: true });
    // A screen says "not opened on this device yet" when nothing is shown and it is not looking.
    expect(seen.filter((s) => s.data === undefined && !s.looking)).toEqual([]);
    expect(seen.at(-1)).toEqual({ data: { n: 7 }, keptAt: 1_700_000_000_000, looking: false });
    db.close();
  });

  it('stops looking once the device is read and holds nothing for the key', async () => {
    const db = testDb();
    const seen = renderOffline(db, ['dashboard', '2026-11-02']);
    await waitFor(() => expect(seen.at(-1)?.looking).toBe(false));
    expect(seen.at(-1)).toEqual({ data: undefined, keptAt: null, looking: false });
    db.close();
  });
});
