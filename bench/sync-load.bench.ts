// Sync under load (issue 15): 32 clients, each pushing batches of creates and edits and pulling its
// changes back, closed loop for 60 s (BENCH_SECONDS), against the real server; then every
// acknowledged mutation is compared with the database. Prints throughput, p50/p99 of each call,
// errors and lost changes. On PGlite, and on PostgreSQL too when DATABASE_URL is set.
import { v7 as uuidv7 } from 'uuid';
import { benchDatabases, login } from './api-client.ts';
import { startServer } from './server-process.ts';

const CLIENTS = 32;
const MS = Number(process.env.BENCH_SECONDS ?? 60) * 1000;
const CREATES = 5;
const EDITS = 5;

type Result = { id: string; httpStatus: number; message: string; data: { id: string; rev: number } | null };

async function call(url: string, path: string, token: string, body: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data: unknown } };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

for (const db of await benchDatabases()) {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer(db.env);
    const url = server.url;
    const tokens: string[] = [];
    for (let i = 0; i < CLIENTS; i++) tokens.push(await login(url));
    /** What the server acknowledged: record id -> the revision it answered last. */
    const acked = new Map<string, { question: string; rev: number }>();
    const pushMs: number[] = [];
    const pullMs: number[] = [];
    let errors = 0;
    let mutations = 0;
    const deadline = performance.now() + MS;
    const started = performance.now();

    const client = async (token: string, n: number) => {
      const mine: { id: string; rev: number; question: string; sendDate: string }[] = [];
      let cursor = '';
      let round = 0;
      while (performance.now() < deadline) {
        round++;
        const batch: { id: string; resource: string; op: string; payload: Record<string, unknown> }[] = [];
        for (let i = 0; i < CREATES; i++) {
          const id = uuidv7();
          const question = `Load ${n}.${round}.${i}: where is the nearest fire exit?`;
          batch.push({
            id: uuidv7(),
            resource: 'Faq',
            op: 'create',
            payload: { id, question, answer: 'Follow the green signs.', sendDate: '2030-05-01' },
          });
        }
        for (const r of mine.slice(-EDITS)) {
          const question = `${r.question.split(' (edited')[0]} (edited ${round})`;
          batch.push({
            id: uuidv7(),
            resource: 'Faq',
            op: 'update',
            payload: {
              id: r.id,
              question,
              answer: 'Follow the green signs.',
              sendDate: r.sendDate,
              rev: r.rev,
            },
          });
        }
        const t0 = performance.now();
        const push = await call(url, '/api/v6/Sync/Push', token, { mutations: batch }).catch(() => null);
        pushMs.push(performance.now() - t0);
        if (!push || push.status !== 200) {
          errors++;
          continue;
        }
        const results = (push.json.data as { results: Result[] }).results;
        results.forEach((res, i) => {
          const m = batch[i]!;
          if (res.httpStatus !== 200 || !res.data) {
            errors++;
            return;
          }
          mutations++;
          const question = String(m.payload.question);
          acked.set(res.data.id, { question, rev: res.data.rev });
          const own = mine.find((r) => r.id === res.data!.id);
          if (own) Object.assign(own, { rev: res.data.rev, question });
          else mine.push({ id: res.data.id, rev: res.data.rev, question, sendDate: '2030-05-01' });
        });
        const t1 = performance.now();
        const pull = await call(url, '/api/v6/Sync/Pull', token, {
          cursors: { Faq: cursor },
          limit: 5000,
        }).catch(() => null);
        pullMs.push(performance.now() - t1);
        if (!pull || pull.status !== 200) {
          errors++;
          continue;
        }
        cursor = (pull.json.data as { changes: { Faq: { cursor: string } } }).changes.Faq.cursor;
      }
    };
    await Promise.all(tokens.map((token, n) => client(token, n)));
    const seconds = (performance.now() - started) / 1000;

    // Every acknowledged change, read back: present, at its acknowledged revision and text.
    const token = tokens[0]!;
    const stored = new Map<string, { question: string; rev: number }>();
    for (let cursor = '', more = true; more; ) {
      const pull = await call(url, '/api/v6/Sync/Pull', token, { cursors: { Faq: cursor }, limit: 5000 });
      const faq = (
        pull.json.data as {
          changes: {
            Faq: { rows: { id: string; question: string; rev: number }[]; cursor: string; more: boolean };
          };
        }
      ).changes.Faq;
      for (const r of faq.rows) stored.set(r.id, r);
      cursor = faq.cursor;
      more = faq.more;
    }
    let lost = 0;
    for (const [id, a] of acked) {
      const s = stored.get(id);
      if (!s || s.rev !== a.rev || s.question !== a.question) lost++;
    }
    const f = (xs: number[]) =>
      `p50 ${quantile(xs, 0.5).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms`;
    console.log(
      `[${db.name}] ${CLIENTS} clients, ${seconds.toFixed(0)} s: ${mutations} mutations acknowledged (${(mutations / seconds).toFixed(0)}/s), ` +
        `${pushMs.length} pushes (${f(pushMs)}), ${pullMs.length} pulls (${f(pullMs)}), ${errors} errors, ${lost} lost of ${acked.size} records`,
    );
    if (errors || lost) process.exitCode = 1;
  } finally {
    await server?.stop();
    await db.drop();
  }
}
