// The embedded database's vacuum (server/db/housekeeping.ts, plugins/pglite-housekeeping.ts): done
// before the server is ready when one is due, and not again on a start within the hour.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, rowsOf } from '../../server/db/client.ts';
import { msUntilVacuum, VACUUM_EVERY_MS, vacuumEmbedded } from '../../server/db/housekeeping.ts';
import { HOUR, MINUTE, makeClock, makeTestApp, type TestApp } from './helpers.ts';
import { freshPglite } from './pglite-template.ts';

// Embedded database only: PostgreSQL vacuums itself; the PostgreSQL pass (DATABASE_URL) would run
// the same PGlite code again.
const onPostgres = !!process.env.DATABASE_URL;

const vacuums = async (db: Db) =>
  Number(
    (
      await rowsOf<{ n: string }>(
        db,
        sql`select coalesce(sum(vacuum_count), 0) as n from pg_stat_user_tables`,
      )
    )[0]?.n,
  );
const lastRun = async (db: Db) =>
  (await rowsOf<{ ran_at: string }>(db, sql`select ran_at from housekeeping_runs where task = 'vacuum'`))[0]
    ?.ran_at;

describe.skipIf(onPostgres)('when the next vacuum is due', () => {
  it('is due at once when none is recorded, an hour after the last one, and never further off', async () => {
    const database = await freshPglite();
    try {
      const t0 = new Date('2030-01-15T09:00:00Z');
      expect(await msUntilVacuum(database.db, t0)).toBe(0);
      await vacuumEmbedded(database.db, t0);
      expect(await vacuums(database.db)).toBeGreaterThan(0);
      expect(await msUntilVacuum(database.db, new Date(t0.getTime() + 10 * MINUTE))).toBe(50 * MINUTE);
      expect(await msUntilVacuum(database.db, new Date(t0.getTime() + VACUUM_EVERY_MS))).toBe(0);
      expect(await msUntilVacuum(database.db, new Date(t0.getTime() + 5 * HOUR))).toBe(0);
      // A clock set back two hours: due in an hour, not in three.
      expect(await msUntilVacuum(database.db, new Date(t0.getTime() - 2 * HOUR))).toBe(HOUR);
      // A second run moves the record.
      const t1 = new Date(t0.getTime() + 2 * HOUR);
      await vacuumEmbedded(database.db, t1);
      expect(await msUntilVacuum(database.db, new Date(t1.getTime() + MINUTE))).toBe(HOUR - MINUTE);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(onPostgres)('the vacuum at start (embedded database)', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('runs before the app is ready when none is recorded, and records it on the app clock', async () => {
    const clock = makeClock();
    t = await makeTestApp({ now: clock.now, seed: false });
    expect(await vacuums(t.app.db)).toBeGreaterThan(0);
    expect(new Date(await lastRun(t.app.db)).toISOString()).toBe(clock.now().toISOString());
  });

  it('does not run at a start within the hour of the last one', async () => {
    // The demo data is made as for a new server (vacuumed when seeded, at the seed's clock): an app
    // started at that time finds the vacuum done.
    const clock = makeClock();
    t = await makeTestApp({ now: clock.now });
    expect(new Date(await lastRun(t.app.db)).toISOString()).toBe(clock.now().toISOString());
    expect(await vacuums(t.app.db)).toBe(0);
  });
});
