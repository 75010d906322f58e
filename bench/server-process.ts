// Starts the real server (node server/main.ts) on a free port with a fresh data folder.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function freePort() {
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  startMs: number;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * `dataDir`: start on this existing data folder (a restart), which stop() then keeps; without it a
 * fresh folder is made and stop() removes it.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'console-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The embedded database in a fresh data folder unless the bench names a PostgreSQL database
      // (benchDatabases): a DATABASE_URL set for the run (README) is not a server's default here.
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(`${url}/api/v1/SettingMaintenance/GetSettingMaintenanceMessage`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
    if (performance.now() - t0 > 60_000) throw new Error('server did not start in 60 s');
  }
  const startMs = performance.now() - t0;
  return {
    url,
    child,
    startMs,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function rssMiB(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}
