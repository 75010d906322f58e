// What durability costs on the embedded database (issue 15): the write paths that matter, a
// Sync Push of 100 mutations (Faq creates) and a User Create, with PGlite's stock `-F` (no fsync
// reaches the disk) and with the durable setting the server uses (server/db/client.ts: fsync on,
// wal_sync_method=fsync, a NODEFS that really fsyncs). Real handlers through app.inject on a data
// folder in the temp directory; medians of several runs, same process, same disk.
// node bench/fsync.bench.ts [runs]
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { fsyncCounter } from '../server/db/durable-nodefs.ts';

const RUNS = Number(process.argv[2] ?? 9);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

async function measure(fsync: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-fsync-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', PORT: '0' }),
    distDir: join(dataDir, 'x'),
  };
  const database = await openDatabase({ pgliteDir: config.pgliteDir, pgliteFsync: fsync });
  const app = await buildApp({ config, database, seed: true });
  await app.ready();
  try {
    const post = async (url: string, payload: unknown, token?: string) => {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json().data;
    };
    const { token } = await post('/api/v1/Login/Login', {
      companyCode: 'DEMO',
      username: 'admin',
      password: 'Admin@1234',
    });
    const roles = (await post('/api/v1/Role/List', {}, token)).items as { id: string; name: string }[];
    const depts = (await post('/api/v1/Department/List', {}, token)).items as { id: string }[];
    const roleId = roles.find((r) => r.name === 'Employee')?.id ?? roles[0].id;

    const push: number[] = [];
    const user: number[] = [];
    const syncsBefore = fsyncCounter.calls;
    for (let run = 0; run < RUNS + 1; run++) {
      const mutations = Array.from({ length: 100 }, (_, i) => ({
        id: uuidv7(),
        resource: 'Faq',
        op: 'create',
        payload: {
          id: uuidv7(),
          question: `Bench question ${run}-${i}`,
          answer: 'An answer.',
          sendDate: '2030-03-01',
        },
      }));
      let t0 = performance.now();
      const { results } = await post('/api/v6/Sync/Push', { mutations }, token);
      const pushMs = performance.now() - t0;
      if (results.some((r: { httpStatus: number }) => r.httpStatus !== 200)) throw new Error('push refused');
      const n = `${fsync ? 'on' : 'off'}${run}`;
      t0 = performance.now();
      await post(
        '/api/v1/User/Create',
        {
          id: uuidv7(),
          employeeId: `B-${n}`,
          prefix: 'Mr.',
          firstName: 'Bench',
          lastName: n,
          email: `bench${n}@demo.example`,
          phone: '081-234-5678',
          username: `bench${n}`,
          password: 'Secret@123',
          gender: 'male',
          departmentId: depts[0].id,
          roleId,
          active: true,
          lineId: '',
          userType: 'user',
        },
        token,
      );
      const userMs = performance.now() - t0;
      if (run > 0) {
        // the first run warms up the handlers
        push.push(pushMs);
        user.push(userMs);
      }
    }
    return { push, user, fsyncs: (fsyncCounter.calls - syncsBefore) / (RUNS + 1) };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Alternating rounds, so warm-up and the machine's other load fall on both settings alike.
const rounds = {
  off: [] as Awaited<ReturnType<typeof measure>>[],
  on: [] as Awaited<ReturnType<typeof measure>>[],
};
await measure(false); // warm-up: the first app of the process runs colder code
for (let round = 0; round < 2; round++) {
  rounds.off.push(await measure(false));
  rounds.on.push(await measure(true));
}
const pick = (rs: Awaited<ReturnType<typeof measure>>[]) => ({
  push: median(rs.flatMap((r) => r.push)),
  user: median(rs.flatMap((r) => r.user)),
  fsyncs: rs[0].fsyncs,
});
const off = pick(rounds.off);
const on = pick(rounds.on);
const row = (label: string, a: number, b: number) =>
  console.log(
    `${label.padEnd(34)} fsync off ${a.toFixed(1).padStart(7)} ms   fsync on ${b.toFixed(1).padStart(7)} ms   ${(b / a).toFixed(2)}x`,
  );
console.log(`PGlite on ${tmpdir()}, median of 2 alternating rounds of ${RUNS} runs`);
row('Sync Push, 100 Faq creates', off.push, on.push);
row('User Create (argon2 hash included)', off.user, on.user);
console.log(`fs.fsyncSync calls per push + create with fsync on: ${on.fsyncs.toFixed(1)} (off: 0)`);

// The disk's own fsync latency puts the figures in context (a laptop SSD: ~0.05-2 ms; a cloud
// volume or a spinning disk: 2-10 ms per commit).
const probeDir = mkdtempSync(join(tmpdir(), 'bench-fsync-probe-'));
const fd = openSync(join(probeDir, 'probe'), 'w');
const lat: number[] = [];
for (let i = 0; i < 50; i++) {
  writeSync(fd, Buffer.alloc(8192, i));
  const t0 = performance.now();
  fsyncSync(fd);
  lat.push(performance.now() - t0);
}
closeSync(fd);
rmSync(probeDir, { recursive: true, force: true });
console.log(`this disk: write 8 KiB + fsync, median ${median(lat).toFixed(3)} ms`);
