import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { vacuumEmbedded } from '../../server/db/housekeeping.ts';
import { seedDemoData } from '../../server/db/seed.ts';
import { localFileStore } from '../../server/lib/local-file-store.ts';
import { freshPglite, wrapPglite } from './pglite-template.ts';

// The demo data, seeded once and reused by every test file that asks for it: seeding runs most of
// the service code and takes several seconds, the largest part of a test file's set-up.
// - PGlite: the seeded data folder as a tarball in the temp folder (beside the migrated one).
// - PostgreSQL: a template database; each test's database is `CREATE DATABASE ... TEMPLATE` it.
// The files the seed stores (banner, topic and media files) are kept beside it and copied into
// each test's files folder. The key hashes every file under server/ and contract/ (the seed runs
// their code, and the migrations are there) and the seed's clock: a test's fixed clock exactly,
// the real clock by the hour (the demo dates are relative to it; within the hour they barely age).
// A test about the seeding itself passes `seed: true` and the app seeds as in production.

const ROOTS = ['../../server', '../../contract'].map((p) => fileURLToPath(new URL(p, import.meta.url)));

let sourceHash: Promise<string> | undefined;
function sourceKey() {
  sourceHash ??= (async () => {
    const hash = createHash('sha256');
    for (const root of ROOTS) {
      for (const name of (await readdir(root, { recursive: true, withFileTypes: true }))
        .filter((d) => d.isFile())
        .map((d) => join(d.parentPath, d.name))
        .sort()) {
        hash.update(name).update(await readFile(name));
      }
    }
    return hash.digest('hex');
  })();
  return sourceHash;
}

/** The seed's clock and the key part naming it. */
export function seedClock(now?: () => Date) {
  if (now) {
    const at = now();
    return { at, key: at.toISOString() };
  }
  const at = new Date();
  return { at, key: `hour-${at.toISOString().slice(0, 13)}` };
}

async function keyOf(driver: string, clockKey: string) {
  return createHash('sha256')
    .update(`${driver}\n${clockKey}\n${await sourceKey()}`)
    .digest('hex')
    .slice(0, 20);
}

/** Templates of other sources and clocks pile up in the temp folder: those a day old go. */
async function removeStale() {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith('lac-seeded-')) continue;
    const path = join(tmpdir(), name);
    const at = await stat(path).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (at < dayAgo) await rm(path, { recursive: true, force: true });
  }
}

/** Seeds `database` with its files into a fresh folder; returns that folder. */
async function seedInto(database: Database, at: Date) {
  const scratch = await mkdtemp(join(tmpdir(), 'lac-seed-'));
  const store = await localFileStore({ filesDir: join(scratch, 'files'), tusDir: join(scratch, 'tus') });
  try {
    if (!(await seedDemoData(database.db, store, at))) throw new Error('the template database was not empty');
  } finally {
    await store.close();
  }
  return scratch;
}

/** Moves `from` to `to`; false when another worker got there first (`from` is left as it is). */
async function settle(from: string, to: string) {
  try {
    await rename(from, to);
    return true;
  } catch {
    return false;
  }
}

/** A fresh in-memory PGlite holding the demo data; its files copied into `filesDir`. */
export async function seededPglite(clock: { at: Date; key: string }, filesDir: string): Promise<Database> {
  const base = join(tmpdir(), `lac-seeded-${await keyOf('pglite', clock.key)}`);
  const tar = `${base}.tar`;
  if (!existsSync(tar)) {
    await removeStale();
    const database = await freshPglite();
    const scratch = await seedInto(database, clock.at);
    // As a new cluster is made for the server (db/create-cluster-child.ts): apps opened on a copy
    // within the hour of the seed's clock find no vacuum due at start.
    await vacuumEmbedded(database.db, clock.at);
    const dump = await database.client.dumpDataDir('none');
    await database.close();
    // The files first, the tarball last: a tarball is only ever seen with its files in place.
    // Each seeding names its files afresh, so a worker whose files lost the race to another's
    // must not publish its tarball (it would point at files that are not there): it uses its own
    // seeding for this test alone.
    if (!(await settle(join(scratch, 'files'), `${base}.files`))) {
      await cp(join(scratch, 'files'), filesDir, { recursive: true });
      await rm(scratch, { recursive: true, force: true });
      return wrapPglite(await PGlite.create({ loadDataDir: dump }));
    }
    const tmp = `${tar}.${process.pid}`;
    await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
    await rename(tmp, tar);
    await rm(scratch, { recursive: true, force: true });
  }
  if (existsSync(`${base}.files`)) await cp(`${base}.files`, filesDir, { recursive: true });
  return wrapPglite(await PGlite.create({ loadDataDir: new Blob([await readFile(tar)]) }));
}

/**
 * Creates database `name` on the server of `adminUrl` as a copy of the seeded template (made
 * first when missing, under an advisory lock so parallel test files make it once); the seed's
 * files are copied into `filesDir`.
 */
export async function seededPostgres(
  adminUrl: string,
  name: string,
  clock: { at: Date; key: string },
  filesDir: string,
) {
  const key = await keyOf('postgres', clock.key);
  const template = `lac_seed_${key}`;
  const files = join(tmpdir(), `lac-seeded-${key}.files`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (!rowCount) {
        await admin.query(`CREATE DATABASE ${template}`);
        const url = new URL(adminUrl);
        url.pathname = `/${template}`;
        const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
        let scratch: string;
        try {
          scratch = await seedInto(database, clock.at);
        } finally {
          await database.close();
        }
        await rm(files, { recursive: true, force: true });
        await settle(join(scratch, 'files'), files); // under the lock: nobody else is writing them
        await rm(scratch, { recursive: true, force: true });
      }
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  } finally {
    await admin.end();
  }
  if (existsSync(files)) await cp(files, filesDir, { recursive: true });
}
