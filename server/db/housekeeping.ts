import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { housekeepingRuns } from './schema.ts';

/**
 * PGlite runs PostgreSQL without autovacuum: every update would leave its dead row behind and the
 * planner would never get statistics. So the embedded database is vacuumed and analysed at least
 * once an hour while a server runs (plugins/pglite-housekeeping.ts), and once when a new cluster
 * has been created and seeded (db/create-cluster-child.ts). PostgreSQL does this itself.
 *
 * When it last ran is kept in the database, so a restart within the hour does not do it again: a
 * vacuum of the demo data takes about 0.6 s, and a server restarted often (a crash loop, a
 * developer's restarts) would otherwise spend it before every start.
 */
export const VACUUM_EVERY_MS = 60 * 60 * 1000;

const VACUUM = 'vacuum';

/** Vacuums and analyses the whole database, then records that it did at `at`. */
export async function vacuumEmbedded(db: Db, at: Date) {
  await db.execute(sql`vacuum analyze`);
  await db
    .insert(housekeepingRuns)
    .values({ task: VACUUM, ranAt: at })
    .onConflictDoUpdate({ target: housekeepingRuns.task, set: { ranAt: at } });
}

/**
 * How long until the next vacuum is due at `now`: 0 when none is recorded or the last one is an
 * hour old or more; never more than an hour, so a clock set back cannot put it off longer.
 */
export async function msUntilVacuum(db: Db, now: Date) {
  const [last] = await db
    .select({ ranAt: housekeepingRuns.ranAt })
    .from(housekeepingRuns)
    .where(eq(housekeepingRuns.task, VACUUM));
  if (!last) return 0;
  return Math.min(VACUUM_EVERY_MS, Math.max(0, last.ranAt.getTime() + VACUUM_EVERY_MS - now.getTime()));
}
