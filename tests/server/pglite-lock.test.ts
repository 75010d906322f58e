import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { DataDirLockedError } from '../../server/db/pglite-lock.ts';
import { companies } from '../../server/db/schema.ts';

let dataDir: string;
const pgliteDir = () => join(dataDir, 'pglite');
const lockFile = () => join(dataDir, 'pglite.lock');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lac-lock-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** A pid that surely belongs to no live process: a child that already exited. */
async function deadPid() {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((done) => child.on('exit', done));
  return child.pid!;
}

// Embedded database only: it ran in the first pass; the PostgreSQL pass (DATABASE_URL) would
// run the same PGlite code again.
describe.skipIf(!!process.env.DATABASE_URL)('the embedded database folder lock', () => {
  it('refuses a second open of a held folder with a clear error, and frees it on close', async () => {
    const first = await openDatabase({ pgliteDir: pgliteDir() });
    expect(await readFile(lockFile(), 'utf8')).toBe(String(process.pid));
    const second = openDatabase({ pgliteDir: pgliteDir() });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(/in use by another running server \(pid \d+/);

    await first.db.insert(companies).values({ code: 'KEEP', name: 'Survives' });
    await first.close();
    expect(existsSync(lockFile())).toBe(false);

    const again = await openDatabase({ pgliteDir: pgliteDir() });
    const rows = await again.db.select().from(companies);
    expect(rows.map((r) => r.code)).toEqual(['KEEP']);
    await again.close();
  });

  it('takes over a lock left by a process that died', async () => {
    await writeFile(lockFile(), String(await deadPid()));
    const db = await openDatabase({ pgliteDir: pgliteDir() });
    expect(await readFile(lockFile(), 'utf8')).toBe(String(process.pid));
    await db.close();
  });

  it('takes over a lock with its own pid that it does not hold (a container restarted as the same pid)', async () => {
    await writeFile(lockFile(), String(process.pid));
    const db = await openDatabase({ pgliteDir: pgliteDir() });
    await db.close();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('makes the server exit non-zero with the message when another process holds the folder', async () => {
    const held = await openDatabase({ pgliteDir: pgliteDir() });
    try {
      const child = spawn(process.execPath, ['server/main.ts'], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL: '' },
      });
      let stderr = '';
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      const code = await new Promise((done) => child.on('exit', done));
      expect(code).toBe(1);
      expect(stderr).toContain('The database folder is in use by another running server');
    } finally {
      await held.close();
    }
  });
});
