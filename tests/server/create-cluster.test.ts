// A new embedded database is created by a child process in a sibling folder and renamed into
// place (server/db/create-cluster.ts): a crash at any point leaves no half-created folder that a
// later start would take for a database.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { createServerDatabase } from '../../server/db/create-cluster.ts';
import { msUntilVacuum } from '../../server/db/housekeeping.ts';
import { companies } from '../../server/db/schema.ts';

let dataDir: string;
const pgliteDir = () => join(dataDir, 'pglite');
const leftovers = async () => (await readdir(dataDir)).filter((n) => n !== 'pglite').sort();

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lac-create-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** Children of this process running `script` (Linux /proc). */
function childrenRunning(script: string) {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(script))
        pids.push(Number(name));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

/** How many companies the database in `dir` holds (opened and closed again). */
async function companiesIn(dir: string) {
  const database = await openDatabase({ pgliteDir: dir });
  try {
    const [{ n }] = await database.db.select({ n: count() }).from(companies);
    return n;
  } finally {
    await database.close();
  }
}

async function msUntilVacuumIn(dir: string) {
  const database = await openDatabase({ pgliteDir: dir });
  try {
    return await msUntilVacuum(database.db, new Date());
  } finally {
    await database.close();
  }
}

// Embedded database only: it ran in the first pass; the PostgreSQL pass (DATABASE_URL) would
// run the same PGlite code again.
describe.skipIf(!!process.env.DATABASE_URL)('creating a new embedded database', () => {
  it('creates and migrates a new folder in a child process, leaving nothing beside it', async () => {
    const database = await openDatabase({ pgliteDir: pgliteDir() });
    try {
      expect(existsSync(join(pgliteDir(), 'PG_VERSION'))).toBe(true);
      await database.db.insert(companies).values({ code: 'NEW', name: 'New' });
      expect(childrenRunning('create-cluster-child.ts')).toEqual([]);
      expect(await leftovers()).toEqual(['pglite.lock']);
    } finally {
      await database.close();
    }
    expect(await leftovers()).toEqual([]);
  }, 120_000);

  it('a child killed while creating leaves no folder that looks like a database; the next open creates it', async () => {
    const opening = openDatabase({ pgliteDir: pgliteDir() });
    opening.catch(() => {});
    // Wait until the unfinished folder already holds PG_VERSION (initdb's files are in), then kill.
    let killed = false;
    const t0 = Date.now();
    while (!killed && Date.now() - t0 < 60_000) {
      const unfinished = (await readdir(dataDir)).find(
        (n) => n.startsWith('pglite.creating-') && !n.endsWith('.lock'),
      );
      const [pid] = childrenRunning('create-cluster-child.ts');
      if (unfinished && pid && existsSync(join(dataDir, unfinished, 'PG_VERSION'))) {
        process.kill(pid, 'SIGKILL');
        killed = true;
      } else await new Promise((r) => setTimeout(r, 5));
    }
    expect(killed).toBe(true);
    await expect(opening).rejects.toThrow(
      /Creating the embedded database failed \(child killed by SIGKILL\)/,
    );
    expect(existsSync(join(pgliteDir(), 'PG_VERSION'))).toBe(false);
    expect(await leftovers()).toEqual([]); // the unfinished folder is gone and the lock released

    expect(await companiesIn(pgliteDir())).toBe(0);
  }, 120_000);

  it('removes what a killed server left of a creation, and keeps aside a folder that holds no database', async () => {
    // A server killed while its child was creating: the unfinished folder (with a PG_VERSION)
    // and its lock stay behind, and the folder itself holds something that is not a database.
    await mkdir(join(dataDir, 'pglite.creating-123-456'));
    await writeFile(join(dataDir, 'pglite.creating-123-456', 'PG_VERSION'), '18\n');
    await writeFile(join(dataDir, 'pglite.creating-123-456.lock'), '123');
    await mkdir(pgliteDir());
    await writeFile(join(pgliteDir(), 'notes.txt'), 'not a database');

    const database = await openDatabase({ pgliteDir: pgliteDir() });
    await database.close();
    const [aside, ...rest] = await leftovers();
    expect(rest).toEqual([]);
    expect(aside).toMatch(/^pglite\.not-a-database-\d+$/);
    expect(readFileSync(join(dataDir, aside!, 'notes.txt'), 'utf8')).toBe('not a database');
    expect(existsSync(join(pgliteDir(), 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it("the server's first start: the child creates, migrates and seeds; a second call finds the database", async () => {
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: '' });
    expect(await createServerDatabase(config, true)).toEqual({ seeded: true });
    expect((await readdir(config.filesDir)).length).toBeGreaterThan(0); // the demo banners and media
    expect(await createServerDatabase(config, true)).toEqual({ seeded: false });
    expect(await companiesIn(config.pgliteDir)).toBeGreaterThan(0);
    // The child vacuumed the seeded database: the server's first start has none due.
    expect(await msUntilVacuumIn(config.pgliteDir)).toBeGreaterThan(0);
  }, 180_000);

  it('in production the first start creates and migrates but does not seed', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: '' });
    expect(await createServerDatabase(config, false)).toEqual({ seeded: false });
    expect(await companiesIn(config.pgliteDir)).toBe(0);
  }, 120_000);
});
