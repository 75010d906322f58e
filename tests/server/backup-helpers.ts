import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';

const rows = async <T>(db: Db, query: string) =>
  ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

/**
 * Every table's rows (as JSON text, sorted, timestamps in UTC) and every sequence's value: two
 * databases with equal snapshots hold the same data, ids, revisions and sync cursors.
 */
export async function databaseSnapshot(db: Db) {
  await db.execute(sql.raw(`set timezone = 'UTC'`));
  const tables = await rows<{ name: string }>(
    db,
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const r = await rows<{ j: string }>(db, `select to_jsonb(t)::text as j from "${name}" t`);
    out[name] = r.map((x) => x.j).sort();
  }
  const sequences = await rows<{ name: string; value: string | null }>(
    db,
    `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
  );
  return { tables: out, sequences };
}

/** name → sha256 of every file in a folder (recursively). */
export async function folderSnapshot(dir: string) {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[path.slice(dir.length)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  return out;
}

/** The real server (node server/main.ts) on the embedded database in `dataDir`. */
export async function startServerOn(dataDir: string) {
  const { spawn } = await import('node:child_process');
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  let stderr = '';
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...cliEnv(dataDir), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const t0 = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    const ok = await fetch(`${url}/api/v1/SettingMaintenance/GetSettingMaintenanceMessage`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - t0 > 90_000) throw new Error(`server did not start in 90 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    child,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export const root = new URL('../..', import.meta.url).pathname;

export const cliEnv = (dataDir: string, more: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  NODE_ENV: 'test',
  DIST_DIR: join(dataDir, 'no-dist'),
  ...more,
});

/** Runs a CLI of server/cli with DATA_DIR; resolves with its exit code and output. */
export async function runCli(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [`server/cli/${script}`, ...args], { cwd: root, env });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const code = await new Promise<number | null>((r) => child.on('close', r));
  return { code, out };
}
