// API list throughput: Faq/List (10,000 records, page 1 of 50, with and without a search term)
// against a Fastify hello-world in its own process, concurrency 8 on loopback, ~10 s each after
// 2 s of the same load that is not counted (connections opened, code optimised, and the server's
// analysis of the table after the 10,000 rows were pushed done: db/table-statistics.ts).
// On PGlite, and on PostgreSQL too when DATABASE_URL is set. BENCH_SECONDS changes the duration.
import { v7 as uuidv7 } from 'uuid';
import { benchDatabases, login, post, pushAll } from './api-client.ts';
import { startHelloWorld } from './hello-world-process.ts';
import { describeLoad, runLoad } from './load.ts';
import { startServer } from './server-process.ts';
import { target } from './target.ts';

const N = 10_000;
const MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const CONCURRENCY = 8;
const WARMUP_MS = 2000;
const TOPICS = [
  'safety',
  'quality',
  'payroll',
  'leave',
  'training',
  'canteen',
  'parking',
  'IT',
  'HR',
  'travel',
];

const faqs = Array.from({ length: N }, (_, i) => ({
  id: uuidv7(),
  resource: 'Faq',
  op: 'create',
  payload: {
    id: uuidv7(),
    question: `Question ${i}: how does ${TOPICS[i % TOPICS.length]} work for new staff?`,
    answer: `Answer ${i}: see the ${TOPICS[(i * 7) % TOPICS.length]} handbook, chapter ${i % 40}.`,
    sendDate: `2030-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  },
}));
for (const m of faqs) m.payload.id = m.id; // one id per record, reused as the mutation id

const hello = await startHelloWorld();
const baseline = await runLoad(
  async () => void (await post(hello.url, '/hello', {})),
  MS,
  CONCURRENCY,
  WARMUP_MS,
);
console.log(describeLoad('Fastify hello-world (separate process)', baseline));
await hello.stop();

for (const db of await benchDatabases()) {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer(db.env);
    const { url } = server;
    const token = await login(url);
    const t0 = performance.now();
    await pushAll(url, token, faqs, 500);
    console.log(
      `[${db.name}] seeded ${N} Faq records through Push: ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const list = (body: object) => async () => void (await post(url, '/api/v1/Faq/List', body, token));
    const plain = await runLoad(list({ page: 1, per_page: 50 }), MS, CONCURRENCY, WARMUP_MS);
    console.log(describeLoad(`[${db.name}] Faq/List page 1, per_page 50`, plain));
    const search = await runLoad(
      list({ page: 1, per_page: 50, search: 'parking' }),
      MS,
      CONCURRENCY,
      WARMUP_MS,
    );
    console.log(describeLoad(`[${db.name}] Faq/List page 1, per_page 50, search`, search));
    const ratio = plain.rps / baseline.rps;
    const searchRatio = search.rps / baseline.rps;
    const least = db.name === 'PGlite' ? 0.1 : 0.3;
    console.log(
      `[${db.name}] Faq/List: ${ratio.toFixed(3)}x the hello-world ${target(ratio >= least, `at least ${least}x`)}; with a search ${searchRatio.toFixed(3)}x ${target(searchRatio >= 0.05, 'at least 0.05x')}`,
    );
    if (db.name !== 'PGlite') {
      const wide = await runLoad(list({ page: 1, per_page: 50 }), MS, 32, WARMUP_MS);
      console.log(
        `${describeLoad(`[${db.name}] Faq/List page 1, 32 connections`, wide)}   ${target(wide.p99 <= 50, 'p99 at most 50 ms')}`,
      );
    }
  } finally {
    await server?.stop();
    await db.drop();
  }
}
