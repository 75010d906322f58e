// Draining 1,000 queued edits (Faq updates) against the real server, one request at a time as
// the outbox does: batched Push (100 per request) vs one Push per edit, same run.
// On PGlite, and on PostgreSQL too when DATABASE_URL is set.
import { v7 as uuidv7 } from 'uuid';
import { benchDatabases, login, pushAll } from './api-client.ts';
import { startServer } from './server-process.ts';
import { target } from './target.ts';

const EDITS = 1000;

const faq = (n: number) => ({
  id: uuidv7(),
  question: `Queued question ${n}`,
  answer: 'First answer.',
  sendDate: '2030-03-01',
});
const creates = (rows: ReturnType<typeof faq>[]) =>
  rows.map((payload) => ({ id: uuidv7(), resource: 'Faq', op: 'create', payload }));
const edits = (rows: ReturnType<typeof faq>[]) =>
  rows.map((r) => ({
    id: uuidv7(),
    resource: 'Faq',
    op: 'update',
    payload: { ...r, answer: 'Edited offline.', rev: 1 },
  }));

for (const db of await benchDatabases()) {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer(db.env);
    const token = await login(server.url);
    const batchedRows = Array.from({ length: EDITS }, (_, i) => faq(i));
    const singleRows = Array.from({ length: EDITS }, (_, i) => faq(EDITS + i));
    await pushAll(server.url, token, creates([...batchedRows, ...singleRows]), 500);
    const seconds: number[] = [];
    for (const [label, rows, size] of [
      ['batched Push, 100 per request', batchedRows, 100],
      ['one Push request per edit', singleRows, 1],
    ] as const) {
      const t0 = performance.now();
      const requests = await pushAll(server.url, token, edits([...rows]), size);
      const s = (performance.now() - t0) / 1000;
      seconds.push(s);
      console.log(
        `[${db.name}] ${EDITS} edits, ${label.padEnd(30)} ${s.toFixed(2).padStart(6)} s  ${String(requests).padStart(5)} requests  ${(EDITS / s).toFixed(0).padStart(5)} edits/s`,
      );
    }
    const [batched, single] = seconds as [number, number];
    console.log(
      `[${db.name}] batched drain ${target(batched <= 1, 'at most 1 s')}, ${(single / batched).toFixed(1)}x faster than one request each ${target(single / batched >= 10, 'at least 10x')}`,
    );
  } finally {
    await server?.stop();
    await db.drop();
  }
}
