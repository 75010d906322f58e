// View events at scale: 1,000,000 learner views of one company (90 days, 2,000 users in 20
// departments, 600 contents) bulk-inserted into PGlite, then the dashboard's queries timed.
// node bench/view-events.bench.ts        (BENCH_EVENTS=200000 for a quicker run)
import { cpus, loadavg } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { v7 as uuidv7 } from 'uuid';
import { type Db, migrateDatabase } from '../server/db/client.ts';
import * as schema from '../server/db/schema.ts';
import { rng, sampler as weightedSampler } from '../server/db/seeded-random.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const USERS = 2_000;
const DEPARTMENTS = 20;
const CONTENTS = 600;
const DAYS = 90;
const BATCH = 50_000;
const RUNS = 5;
const TZ = 'Asia/Bangkok';
const OFFSET = '+07';
const DAY = 86_400_000;
const KINDS = ['Article', 'Sound', 'Video'] as const;

const random = rng(42);
const sampler = (weights: readonly number[]) => weightedSampler(weights, random);

const ms = (v: number) => `${v < 10 ? v.toFixed(1) : v.toFixed(0)} ms`;
const t0 = performance.now();
// The app's own PGlite settings (server/db/client.ts): 16 MB of shared buffers.
const client = await PGlite.create({
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
});
const db = drizzle({ client, schema }) as unknown as Db;
await migrateDatabase({ db, driver: 'pglite', close: () => client.close() });

// One company, its departments, users and contents, written directly (no API: only their ids matter).
const companyId = uuidv7();
await db.insert(schema.companies).values({ id: companyId, code: 'BENCH', name: 'Bench Co.' });
const departmentIds = Array.from({ length: DEPARTMENTS }, () => uuidv7());
await db
  .insert(schema.departments)
  .values(departmentIds.map((id, i) => ({ id, companyId, name: `Department ${i + 1}` })));
const userIds = Array.from({ length: USERS }, () => uuidv7());
for (let i = 0; i < USERS; i += 1000) {
  await db.insert(schema.users).values(
    userIds.slice(i, i + 1000).map((id, j) => ({
      id,
      companyId,
      employeeId: `B-${i + j}`,
      firstName: `First${i + j}`,
      lastName: `Last${i + j}`,
      username: `user${i + j}`,
      passwordHash: 'x',
      departmentId: departmentIds[(i + j) % DEPARTMENTS],
    })),
  );
}
const contents = Array.from({ length: CONTENTS }, (_, i) => ({
  id: uuidv7(),
  companyId,
  resource: KINDS[i % 3]!,
  data: { title: `Content ${i + 1}`, minutes: 2 + (i % 20) },
}));
await db.insert(schema.records).values(contents);
const tSetup = performance.now() - t0;

// Popular contents and keen users: Zipf-like weights; busier weekdays and office hours.
const pickContent = sampler(contents.map((_, i) => 1 / (i + 1) ** 0.9));
const pickUser = sampler(userIds.map(() => 0.2 + random() * random() * 3));
const now = Date.now();
const dayWeights = Array.from({ length: DAYS }, (_, d) => {
  const weekday = new Date(now - d * DAY).getUTCDay();
  return weekday === 0 ? 0.15 : weekday === 6 ? 0.35 : 1;
});
const pickDay = sampler(dayWeights);

// Views arrive in time order, as they do in production (the newest at the end of each index).
const times = new Float64Array(EVENTS);
for (let i = 0; i < EVENTS; i++) times[i] = now - pickDay() * DAY - (1 + random() * 10) * 3_600_000;
times.sort();

const arrayLiteral = (values: (string | number)[]) => `{${values.join(',')}}`;
const tInsert = performance.now();
for (let done = 0; done < EVENTS; done += BATCH) {
  const n = Math.min(BATCH, EVENTS - done);
  const cols = { id: [] as string[], user: [] as string[], content: [] as string[], kind: [] as string[] };
  const seconds: number[] = [];
  const at: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = contents[pickContent()]!;
    const when = times[done + i]!;
    cols.id.push(uuidv7({ msecs: when }));
    cols.user.push(userIds[pickUser()]!);
    cols.content.push(c.id);
    cols.kind.push(c.resource);
    seconds.push(Math.round(c.data.minutes * 60 * (random() < 0.6 ? 1 : random())));
    at.push(when);
  }
  // One statement per batch, each column one array parameter (no 65,535-parameter limit).
  await client.query(
    `insert into view_events (id, company_id, user_id, content_id, content_resource, seconds, viewed_at)
     select id, $1, u, c, k, s, to_timestamp(a / 1000.0)
     from unnest($2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::int[], $7::float8[]) as x(id, u, c, k, s, a)`,
    [
      companyId,
      arrayLiteral(cols.id),
      arrayLiteral(cols.user),
      arrayLiteral(cols.content),
      arrayLiteral(cols.kind),
      arrayLiteral(seconds),
      arrayLiteral(at),
    ],
  );
}
const insertMs = performance.now() - tInsert;
const tVacuum = performance.now();
// What the app's housekeeping does on PGlite (server/plugins/pglite-housekeeping.ts).
await client.exec('vacuum analyze');
const vacuumMs = performance.now() - tVacuum;
const size = await client.query<{ table: string; indexes: string }>(
  `select pg_size_pretty(pg_table_size('view_events')) as table,
          pg_size_pretty(pg_indexes_size('view_events')) as indexes`,
);

console.log(`${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at the end of the load`);
console.log(
  `setup (migrate, ${USERS} users, ${CONTENTS} contents): ${ms(tSetup)}; inserted ${EVENTS.toLocaleString('en')} ` +
    `events in ${(insertMs / 1000).toFixed(1)} s (${Math.round(EVENTS / (insertMs / 1000)).toLocaleString('en')}/s, ` +
    `batches of ${BATCH.toLocaleString('en')}); vacuum analyze ${ms(vacuumMs)}; ` +
    `table ${size.rows[0]!.table}, indexes ${size.rows[0]!.indexes}`,
);

// The last 30 local days, today included: from a local midnight.
const OFFSET_MS = 7 * 3_600_000;
const since = new Date(Math.floor((now + OFFSET_MS) / DAY) * DAY - OFFSET_MS - 29 * DAY);
const topContentId = contents[0]!.id;
// Local days by a fixed offset (date_bin is arithmetic; `at time zone` per row costs 4x as much):
// right for the product's zones, none of which has daylight saving. Named as dates at the end.
const day = sql.raw(`date_bin('1 day', viewed_at, '2000-01-01 00:00${OFFSET}')`);
const localDate = sql.raw(`(day at time zone '${TZ}')::date::text`);
const inRange = sql`company_id = ${companyId} and viewed_at >= ${since.toISOString()}`;
const QUERIES: [string, ReturnType<typeof sql>][] = [
  ['total views, last 30 days', sql`select count(*)::int as n from view_events where ${inRange}`],
  [
    'top 5 contents by views, last 30 days',
    sql`select r.data ->> 'title' as title, v.n from (
          select content_id, count(*)::int as n from view_events where ${inRange}
          group by content_id order by n desc limit 5) v
        join records r on r.id = v.content_id order by v.n desc`,
  ],
  [
    'views per day, last 30 days',
    sql`select ${localDate} as day, n from (
          select ${day} as day, count(*)::int as n from view_events where ${inRange} group by 1) d
        order by 1`,
  ],
  [
    '5 days with most views, last 30 days',
    sql`select ${localDate} as day, n from (
          select ${day} as day, count(*)::int as n from view_events where ${inRange}
          group by 1 order by n desc limit 5) d
        order by n desc`,
  ],
  [
    'top 5 users by views, last 30 days',
    sql`select u.first_name || ' ' || u.last_name as name, v.n from (
          select user_id, count(*)::int as n from view_events where ${inRange}
          group by user_id order by n desc limit 5) v
        join users u on u.id = v.user_id order by v.n desc`,
  ],
  [
    'top 5 departments by viewers, last 30 days',
    // The distinct viewers first (at most the company's users), then their departments.
    sql`select d.name, count(*)::int as viewers
        from (select distinct user_id from view_events where ${inRange}) v
        join users u on u.id = v.user_id join departments d on d.id = u.department_id
        group by d.name order by viewers desc limit 5`,
  ],
  [
    'views of one content, all time',
    sql`select count(*)::int as n from view_events where content_id = ${topContentId}`,
  ],
  [
    'total views, all time (whole table)',
    sql`select count(*)::int as n from view_events where company_id = ${companyId}`,
  ],
];

/** PGlite's answer: `{ rows }` (the app's Db type leaves the driver's result unknown). */
const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

console.log(`queries, ${RUNS} runs each (first | median | max):`);
for (const [name, query] of QUERIES) {
  const times: number[] = [];
  let result: Record<string, unknown>[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    result = await rowsOf(query);
    times.push(performance.now() - t);
  }
  const first = times[0]!;
  times.sort((a, b) => a - b);
  const plan = (await rowsOf(sql`explain ${query}`)).map((r) => String(Object.values(r)[0]));
  const scans = [
    ...new Set(
      plan.flatMap((line) => /(?:Seq|Index Only|Index|Bitmap Index) Scan\b.*? on \w+/.exec(line) ?? []),
    ),
  ];
  const shown = result
    .slice(0, 3)
    .map((r) => Object.values(r).map(String).join(' '))
    .join('; ');
  console.log(
    `  ${name.padEnd(44)} ${ms(first).padStart(8)} | ${ms(times[RUNS >> 1]!).padStart(8)} | ${ms(times[RUNS - 1]!).padStart(8)}` +
      `   [${scans.join(', ')}] ${shown}${result.length > 3 ? ` … (${result.length} rows)` : ''}`,
  );
}
await client.close();
console.log(`total ${((performance.now() - t0) / 1000).toFixed(1)} s`);
