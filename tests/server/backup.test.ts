// Backup and restore of the embedded database and the uploaded files (issue 15), through the
// commands of the README against the real server: backup while it runs → stop → wipe → restore →
// every table's rows, every sequence and every file as before. Plus the nightly rotation.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import {
  NIGHTLY_KEEP,
  nightlyBackups,
  nightlyDue,
  readManifest,
  runNightlyBackup,
} from '../../server/services/backup.ts';
import { cliEnv, databaseSnapshot, folderSnapshot, runCli, startServerOn } from './backup-helpers.ts';
import { makeClock, makeTestApp } from './helpers.ts';

const onPostgres = !!process.env.DATABASE_URL;
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function snapshot(dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir });
  const database = await openDatabase({ pgliteDir: config.pgliteDir, migrate: false });
  try {
    return {
      database: await databaseSnapshot(database.db),
      files: await folderSnapshot(config.filesDir),
      secret: await readFile(join(dataDir, 'file-url-secret'), 'utf8'),
    };
  } finally {
    await database.close();
  }
}

// Embedded database only; on PostgreSQL the README's pg_dump applies (and migrate-to-postgres is
// tested in backup-postgres.test.ts).
describe.skipIf(onPostgres)('./run backup and ./run restore (embedded database)', () => {
  it('backs up a running server, refuses to restore over it, and restores a wiped folder exactly', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'lac-backup-'));
    dirs.push(dataDir);
    const archive = join(dataDir, '..', `${dataDir.split('/').pop()}-backup.tar`);
    dirs.push(archive);
    const env = cliEnv(dataDir);

    const server = await startServerOn(dataDir);
    try {
      const login = await fetch(`${server.url}/api/v1/Login/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ companyCode: 'DEMO', username: 'admin', password: 'Admin@1234' }),
      });
      const { token } = (await login.json()).data;
      const faqs = Array.from({ length: 20 }, (_, i) => ({
        id: uuidv7(),
        question: `Backed up ${i}`,
        answer: 'Yes.',
        sendDate: '2030-03-01',
      }));
      const push = await fetch(`${server.url}/api/v6/Sync/Push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          mutations: [
            ...faqs.map((payload) => ({ id: uuidv7(), resource: 'Faq', op: 'create', payload })),
            ...faqs.map((f) => ({
              id: uuidv7(),
              resource: 'Faq',
              op: 'update',
              payload: { ...f, answer: 'No.', rev: 1 },
            })),
          ],
        }),
      });
      expect(push.status).toBe(200);

      const backup = await runCli('backup.ts', ['backup', archive], env);
      expect(backup.out).toContain('Backup of the running server written to');
      expect(backup.code).toBe(0);
      const manifest = await readManifest(archive);
      expect(manifest).toMatchObject({
        format: 'learning-admin-console-backup',
        database: 'pglite',
        files: 'included',
      });

      const refused = await runCli('backup.ts', ['restore', archive], env);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('A server is running on');
      expect(refused.out).toContain('Stop it first');
    } finally {
      await server.stop();
    }

    const before = await snapshot(dataDir);
    expect(Object.keys(before.files).length).toBeGreaterThan(5); // the demo data's pictures
    expect(before.database.tables.records.some((r) => r.includes('Backed up 19'))).toBe(true);

    // Wipe the database, the files and the key of signed URLs, then restore.
    for (const p of ['pglite', 'files', 'file-url-secret', 'pglite.lock'])
      await rm(join(dataDir, p), { recursive: true, force: true });
    const restored = await runCli('backup.ts', ['restore', archive], env);
    expect(restored.out).toContain('Restored the backup of');
    expect(restored.code).toBe(0);
    expect(await snapshot(dataDir)).toEqual(before);

    // A restore over existing data keeps that data aside; a stopped server is backed up directly.
    const second = join(dataDir, 'stopped.tar');
    const direct = await runCli('backup.ts', ['backup', second], env);
    expect(direct.out).toContain('(no server running) written to');
    const again = await runCli('backup.ts', ['restore', second], env);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/What was there before is in .*before-restore-/);
    expect((await readdir(dataDir)).some((n) => n.startsWith('before-restore-'))).toBe(true);
    expect(await snapshot(dataDir)).toEqual(before);

    // The restored folder serves: the server starts on it and signs in.
    const after = await startServerOn(dataDir);
    try {
      const login = await fetch(`${after.url}/api/v1/Login/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ companyCode: 'DEMO', username: 'admin', password: 'Admin@1234' }),
      });
      expect(login.status).toBe(200);
    } finally {
      await after.stop();
    }
  }, 170_000);

  it('refuses an archive that is not a backup', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'lac-backup-bad-'));
    dirs.push(dataDir);
    const res = await runCli('backup.ts', ['restore', join(dataDir, 'missing.tar')], cliEnv(dataDir));
    expect(res.code).toBe(1);
    expect(res.out).toContain('No such file');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  });
});

describe.skipIf(onPostgres)('nightly backups (embedded database)', () => {
  it('is due at night once a day, or after 26 hours at any hour', () => {
    const at = (d: number, h: number) => new Date(2030, 0, d, h, 0);
    expect(nightlyDue(undefined, at(15, 14))).toBe(true);
    expect(nightlyDue(at(15, 2), at(15, 14))).toBe(false);
    expect(nightlyDue(at(15, 2), at(16, 1))).toBe(true);
    expect(nightlyDue(at(15, 14), at(16, 2))).toBe(true);
    expect(nightlyDue(at(15, 23), at(16, 2))).toBe(false);
    expect(nightlyDue(at(15, 2), at(16, 0))).toBe(false);
    expect(nightlyDue(at(15, 6), at(16, 4))).toBe(true);
    expect(nightlyDue(at(15, 6), at(16, 5))).toBe(false);
    expect(nightlyDue(at(15, 6), at(16, 8))).toBe(true);
  });

  it('writes one backup a night into DATA_DIR/backups and keeps the last 7', async () => {
    const clock = makeClock(new Date(2030, 0, 1, 3, 0));
    // Rotation only: an empty database keeps ten backups quick on a busy machine.
    const t = await makeTestApp({ now: clock.now, seed: false });
    try {
      const made: string[] = [];
      for (let night = 0; night < 10; night++) {
        const file = await runNightlyBackup(t.app.db, t.config, clock.now());
        expect(file).toBeDefined();
        made.push((file as string).split('/').pop() as string);
        clock.advance(60 * 60_000);
        expect(await runNightlyBackup(t.app.db, t.config, clock.now())).toBeUndefined();
        clock.advance(23 * 60 * 60_000);
      }
      const kept = await nightlyBackups(t.config.dataDir);
      expect(kept).toHaveLength(NIGHTLY_KEEP);
      expect(kept).toEqual(made.slice(-NIGHTLY_KEEP));
      const manifest = await readManifest(join(t.config.dataDir, 'backups', kept[6]));
      expect(manifest.createdAt).toBe(new Date(2030, 0, 10, 3, 0).toISOString());
    } finally {
      await t.close();
    }
    // Ten whole backups: about 20 s on a busy 2-core machine.
  }, 90_000);
});
