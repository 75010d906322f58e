// Sending one notification to 10,000 users on the inbox and e-mail (issue 11): the Send request
// must answer in under 2 s (it only queues one job per user and channel), and the queue must
// deliver to a loopback SMTP server at 200 messages per second or more.
// node bench/notify.bench.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { and, eq, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { companies, deliveryJobs, users } from '../server/db/schema.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const sink = spawn(process.execPath, ['bench/smtp-sink.ts'], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = createInterface({ input: sink.stdout! });
const nextLine = () => new Promise<string>((r) => lines.once('line', r));
const smtpPort = Number(await nextLine());
const receivedCount = async () => {
  sink.stdin!.write('count\n');
  return Number(await nextLine());
};

const dataDir = mkdtempSync(join(tmpdir(), 'notify-bench-'));
const config = {
  ...loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    PORT: '0',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  }),
  distDir: join(dataDir, 'none'),
};
const database = await openDatabase({ pgliteDir: 'memory://' });
const app = await buildApp({ config, database, seed: true });
await app.ready();

const [demo] = await app.db.select().from(companies).where(eq(companies.code, 'DEMO'));
const [someone] = await app.db.select().from(users).where(eq(users.companyId, demo.id)).limit(1);
for (let i = 0; i < USERS; i += 1000) {
  await app.db.insert(users).values(
    Array.from({ length: 1000 }, (_, k) => ({
      id: uuidv7(),
      companyId: demo.id,
      firstName: `Bench${i + k}`,
      lastName: 'User',
      username: `bench${i + k}`,
      email: `bench${i + k}@example.com`,
      passwordHash: someone.passwordHash,
    })),
  );
}
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/Login/Login',
  payload: { companyCode: 'DEMO', username: 'admin', password: 'Admin@1234' },
});
const token = login.json().data.token as string;
const before = await receivedCount();

// The Send call comes from another process over HTTP, as a browser's would: its time is when the
// answer arrived, whatever the server does after answering (it starts the queue then).
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const client = spawn(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `const t0 = performance.now();
     const res = await fetch(${JSON.stringify(`${address}/api/v1/Notification/Send`)}, {
       method: 'POST',
       headers: { 'content-type': 'application/json', authorization: 'Bearer ${token}' },
       body: JSON.stringify({ title: 'Bench notice', body: 'Hello from the bench.', audience: 'everyone', channels: ['inbox', 'email'] }),
     });
     const text = await res.text();
     console.log(JSON.stringify({ ms: performance.now() - t0, status: res.status, text }));`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const answer = JSON.parse(
  await new Promise<string>((r) => createInterface({ input: client.stdout! }).once('line', r)),
);
const requestMs = answer.ms as number;
if (answer.status !== 200) throw new Error(`Send answered ${answer.status}: ${answer.text}`);
const sendId = JSON.parse(answer.text).data.id as string;

// The request started a drain (and the 5 s poll continues): wait for the mail server to have them all.
const withMail = (
  await app.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.companyId, demo.id), eq(users.active, true), isNull(users.deletedAt)))
).filter((u) => u.email).length;
const t1 = performance.now();
let received = before;
while (received - before < withMail && performance.now() - t1 < 180_000) {
  await new Promise((r) => setTimeout(r, 100));
  received = await receivedCount();
}
const deliverMs = performance.now() - t1;
await app.notify.drain();
const jobs = await app.db
  .select({ state: deliveryJobs.state })
  .from(deliveryJobs)
  .where(eq(deliveryJobs.sendId, sendId));
const sent = jobs.filter((j) => j.state === 'sent').length;
const rate = ((received - before) / (deliverMs + requestMs)) * 1000;

console.log(`active recipients with an e-mail address: ${withMail}, jobs: ${jobs.length}, sent: ${sent}`);
console.log(`Send request (queues ${jobs.length} jobs): ${requestMs.toFixed(0)} ms  (target < 2000 ms)`);
console.log(
  `e-mails received by loopback SMTP: ${received - before} in ${((deliverMs + requestMs) / 1000).toFixed(1)} s = ${rate.toFixed(0)}/s  (target >= 200/s)`,
);
await app.close();
sink.stdin!.end('stop\n');
rmSync(dataDir, { recursive: true, force: true });
process.exit(requestMs < 2000 && rate >= 200 && sent === jobs.length ? 0 : 1);
