// The real server on the embedded database, killed with SIGKILL at random points while a client
// pushes (issue 15): after every restart on the same DATA_DIR, everything the server acknowledged
// is there exactly once; the client resends what was not acknowledged (same mutation ids) and it
// lands exactly once; Pull cursors taken before a kill still see every later change.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, describe, expect, it } from 'vitest';

const KILLS = 22;
const root = fileURLToPath(new URL('../..', import.meta.url));
const onPostgres = !!process.env.DATABASE_URL;

type Mutation = { id: string; resource: 'Faq'; op: 'create' | 'update'; payload: Record<string, unknown> };
type Result = { id: string; httpStatus: number; message: string; data: { id: string; rev: number } | null };
type Row = { id: string; rev: number; question: string; answer: string; deletedAt: string | null };

let dataDir = '';
let child: ChildProcess | undefined;
let url = '';
let stderr = '';

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

async function start() {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  stderr = '';
  child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DIST_DIR: join(dataDir, 'no-dist'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const t0 = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    try {
      const res = await fetch(`${url}/api/v1/SettingMaintenance/GetSettingMaintenanceMessage`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - t0 > 60_000) throw new Error(`server did not start in 60 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function kill() {
  const c = child as ChildProcess;
  const exited = new Promise((r) => c.once('exit', r));
  c.kill('SIGKILL');
  await exited;
}

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const json = (await res.json()) as { data: unknown; message: string };
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${json.message}`);
  return json.data;
}

async function pullAll(token: string, from = '') {
  const rows: Row[] = [];
  let cursor = from;
  for (;;) {
    const { changes } = (await post(
      '/api/v6/Sync/Pull',
      { cursors: { Faq: cursor }, limit: 2000 },
      token,
    )) as {
      changes: { Faq: { rows: Row[]; cursor: string; more: boolean } };
    };
    rows.push(...changes.Faq.rows);
    cursor = changes.Faq.cursor;
    if (!changes.Faq.more) return { rows, cursor };
  }
}

describe.skipIf(onPostgres)('SIGKILL while a client pushes (embedded database)', () => {
  it(`loses nothing acknowledged and applies every resent mutation once, over ${KILLS} kills`, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lac-sigkill-'));
    await start();
    const { token } = (await post('/api/v1/Login/Login', {
      companyCode: 'DEMO',
      username: 'admin',
      password: 'Admin@1234',
    })) as { token: string };
    const tag = `Crash ${uuidv7().slice(-8)}`;
    const seeded = await pullAll(token);

    // The client's view: acknowledged state per record, and an outbox resent until answered.
    const acked = new Map<string, { rev: number; answer: string }>();
    const outbox: Mutation[] = [];
    const pendingFor = new Set<string>();
    let ackedMutations = 0;
    let resends = 0;
    let landedUnacked = 0;
    let made = 0;
    const question = (n: number) => `${tag} question ${n}`;

    const enqueue = () => {
      const creates = 1 + Math.floor(Math.random() * 8);
      for (let i = 0; i < creates; i++) {
        const id = uuidv7();
        made += 1;
        outbox.push({
          id: uuidv7(),
          resource: 'Faq',
          op: 'create',
          payload: { id, question: question(made), answer: 'answer 1', sendDate: '2030-03-01' },
        });
        pendingFor.add(id);
      }
      const idle = [...acked.keys()].filter((id) => !pendingFor.has(id));
      for (let i = 0; i < Math.min(idle.length, 1 + Math.floor(Math.random() * 8)); i++) {
        const id = idle[Math.floor(Math.random() * idle.length)];
        if (pendingFor.has(id)) continue;
        const { rev } = acked.get(id) as { rev: number };
        outbox.push({
          id: uuidv7(),
          resource: 'Faq',
          op: 'update',
          payload: {
            id,
            question: `${tag} question of ${id}`,
            answer: `answer ${rev + 1}`,
            sendDate: '2030-03-01',
            rev,
          },
        });
        pendingFor.add(id);
      }
    };

    /** Sends the head of the outbox until the server dies or `stop` says so. */
    const pushLoop = async (stop: () => boolean) => {
      let lastFailed = false;
      while (!stop()) {
        if (outbox.length < 20) enqueue();
        const batch = outbox.slice(0, 1 + Math.floor(Math.random() * 15));
        let results: Result[];
        try {
          results = ((await post('/api/v6/Sync/Push', { mutations: batch }, token)) as { results: Result[] })
            .results;
        } catch {
          if (lastFailed || child?.exitCode !== null) return; // the server is gone: wait for the restart
          lastFailed = true;
          continue;
        }
        lastFailed = false;
        expect(results.map((r) => r.id)).toEqual(batch.map((m) => m.id));
        for (const [i, r] of results.entries()) {
          expect(r.httpStatus, r.message).toBe(200);
          const m = batch[i];
          const id = m.payload.id as string;
          expect(r.data?.id).toBe(id);
          acked.set(id, { rev: r.data?.rev as number, answer: m.payload.answer as string });
          pendingFor.delete(id);
          ackedMutations += 1;
        }
        outbox.splice(0, batch.length);
      }
    };

    /** Every acknowledged write is there; what is not may be there once (the batch in flight). */
    const check = (rows: Row[]) => {
      const ours = rows.filter((r) => r.question.startsWith(tag));
      const byId = new Map(ours.map((r) => [r.id, r]));
      expect(byId.size).toBe(ours.length);
      for (const [id, a] of acked) {
        const row = byId.get(id);
        expect(row, `acknowledged record ${id} is missing`).toBeDefined();
        const inFlight = outbox.find((m) => m.payload.id === id);
        if (row?.rev === a.rev) {
          expect(row.answer).toBe(a.answer);
        } else {
          // the unacknowledged update of the batch in flight committed before the kill
          landedUnacked += 1;
          expect(inFlight?.op).toBe('update');
          expect(row?.rev).toBe(a.rev + 1);
          expect(row?.answer).toBe(inFlight?.payload.answer);
        }
      }
      for (const row of ours) {
        if (acked.has(row.id)) continue;
        landedUnacked += 1;
        expect(outbox.some((m) => m.op === 'create' && m.payload.id === row.id)).toBe(true);
        expect(row.rev).toBe(1);
      }
    };

    // An incremental Pull from a cursor kept across the kills sees every change.
    let cursor = seeded.cursor;
    const incremental = new Map<string, Row>();
    const pullSince = async () => {
      const { rows, cursor: next } = await pullAll(token, cursor);
      for (const r of rows) incremental.set(r.id, r);
      cursor = next;
    };

    for (let k = 0; k < KILLS; k++) {
      const delay = 30 + Math.random() * 500;
      const deadline = Date.now() + delay;
      const killer = new Promise<void>((resolve) => setTimeout(resolve, delay)).then(kill);
      await pushLoop(() => Date.now() > deadline + 5_000);
      await killer;
      await start();
      const { rows } = await pullAll(token);
      check(rows);
      await pullSince();
      resends += outbox.length;
    }

    // Drain what is left, then compare everything.
    while (outbox.length > 0) {
      const batch = outbox.slice(0, 50);
      const { results } = (await post('/api/v6/Sync/Push', { mutations: batch }, token)) as {
        results: Result[];
      };
      for (const [i, r] of results.entries()) {
        expect(r.httpStatus, r.message).toBe(200);
        const id = batch[i].payload.id as string;
        acked.set(id, { rev: r.data?.rev as number, answer: batch[i].payload.answer as string });
        ackedMutations += 1;
      }
      outbox.splice(0, batch.length);
    }
    const { rows } = await pullAll(token);
    check(rows);
    const ours = rows.filter((r) => r.question.startsWith(tag));
    expect(ours.length).toBe(made);
    expect(acked.size).toBe(made);
    // Every record's revision is 1 + its acknowledged updates: nothing applied twice.
    const updatesOf = new Map<string, number>();
    for (const r of ours) updatesOf.set(r.id, r.rev - 1);
    expect([...updatesOf.values()].reduce((a, b) => a + b, 0) + made).toBe(ackedMutations);
    await pullSince();
    for (const r of ours) expect(incremental.get(r.id)).toEqual(r);
    expect(made).toBeGreaterThan(KILLS);
    console.log(
      `SIGKILL test: ${KILLS} kills, ${made} records, ${ackedMutations} mutations acknowledged, ${resends} unacknowledged (in flight or queued) at a kill and resent, ${landedUnacked} of which had landed before the kill`,
    );
    // 22 starts of a real server: about 130 s alone on 2 cores, over 175 s beside the other test
    // files in CI. The limit only bounds a hang; what the test checks does not depend on time.
  }, 300_000);
});
