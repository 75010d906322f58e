// Reports and dashboard at scale (issue 12): 1,000,000 view events (90 days), 300 contents,
// 5,000 users in 20 departments, 50 courses, 100,000 course progress rows, 2,000 access requests,
// bulk-inserted, their rollups filled by view_rollups_fill (migrations 0021, 0026), then each report's first page
// (50 rows, default sort, as the console asks) over the console's default range (the last 30 days),
// a 30-day range that ended a month ago, 90 days and no range, and the whole dashboard (30 and 90
// days), timed through the services the routes call, median of 5.
// On PGlite, and on PostgreSQL too when DATABASE_URL is set.
// node bench/reports.bench.ts        (BENCH_EVENTS=200000 for a quicker run)
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { REPORT_NAMES, REPORTS } from '../contract/reports.ts';
import { type Database, openDatabase } from '../server/db/client.ts';
import { rng, sampler } from '../server/db/seeded-random.ts';
import { dashboard, REPORT_SERVICES } from '../server/services/reports/index.ts';
import { freshPostgres } from './api-client.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const USERS = 5_000;
const DEPARTMENTS = 20;
const CONTENTS = 300;
const COURSES = 50;
const PROGRESS = 100_000;
const REQUESTS = 2_000;
const DAYS = 90;
const BATCH = 50_000;
const RUNS = 5;
const TZ = 'Asia/Yangon';
const DAY = 86_400_000;
const KINDS = ['Article', 'Sound', 'Video'] as const;
const PG_TARGET = 300;
const PGLITE_TARGET = 1500;

const ms = (v: number) => `${v < 10 ? v.toFixed(1) : v.toFixed(0)} ms`;
const list = (values: (string | number | boolean | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

/** Fills one company: every row the reports read. Returns its id. */
export async function load({ db }: Database, now: number) {
  const random = rng(42);
  const exec = (q: ReturnType<typeof sql>) => db.execute(q);
  const companyId = uuidv7();
  const insertRecords = (company: string, rows: { id: string; resource: string; data: object }[]) =>
    exec(sql`insert into records (id, company_id, resource, data)
      select (e ->> 'id')::uuid, ${company}, e ->> 'resource', e -> 'data'
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) e`);
  await exec(sql`insert into companies (id, code, name) values (${companyId}, 'BENCH', 'Bench Co.')`);
  const departmentIds = Array.from({ length: DEPARTMENTS }, () => uuidv7());
  await exec(sql`insert into departments (id, company_id, name)
    select id, ${companyId}, 'Department ' || n from unnest(${list(departmentIds)}::text[]) with ordinality as x(id, n)`);
  const userIds = Array.from({ length: USERS }, () => uuidv7());
  await exec(sql`insert into users (id, company_id, employee_id, first_name, last_name, username, password_hash, department_id, active)
    select id, ${companyId}, 'B-' || lpad(n::text, 5, '0'), 'First' || n, 'Last' || (n % 997), 'user' || n, 'x',
      (${list(departmentIds)}::text[])[1 + n % ${DEPARTMENTS}], n % 20 <> 0
    from unnest(${list(userIds)}::text[]) with ordinality as x(id, n)`);
  // A second department for every tenth user (the spec's groups).
  await exec(sql`insert into department_members (department_id, user_id)
    select department_id, id from users where company_id = ${companyId}
    union select (${list(departmentIds)}::text[])[1 + (substr(employee_id, 3)::int * 7) % ${DEPARTMENTS}], id
      from users where company_id = ${companyId} and substr(employee_id, 3)::int % 10 = 0`);
  const masters = (resource: string, names: string[]) =>
    names.map((name) => ({ id: uuidv7(), resource, name }));
  const contentTypes = masters('TypeOfContent', [
    'Article',
    'Infographic',
    'Video',
    'Podcast',
    'Slides',
    'Manual',
  ]);
  const knowledge = masters('TypeOfKnowledge', ['Safety', 'Quality', 'Lean', 'Soft skills', 'Compliance']);
  const contents = Array.from({ length: CONTENTS }, (_, i) => ({
    id: uuidv7(),
    resource: KINDS[i % 3]!,
    data: {
      title: `Content ${i + 1}`,
      minutes: 2 + (i % 20),
      typeOfContentId: i % 11 === 0 ? null : contentTypes[i % contentTypes.length]!.id,
      typeOfKnowledgeId: i % 13 === 0 ? null : knowledge[i % knowledge.length]!.id,
    },
  }));
  const courseIds = Array.from({ length: COURSES }, () => uuidv7());
  const courses = courseIds.map((id, i) => {
    const start = now - (100 - i * 2) * DAY;
    return {
      id,
      resource: 'Course',
      data: {
        name: `Course ${i + 1}`,
        startAt: new Date(start).toISOString(),
        endAt: new Date(start + 30 * DAY).toISOString(),
        expiresAt: i % 3 ? new Date(start + 60 * DAY).toISOString() : null,
        allUsers: i % 5 === 0,
        viewSetting: i % 5 === 0 ? 'all' : 'group',
        departmentIds:
          i % 5 === 0 ? [] : [departmentIds[i % DEPARTMENTS], departmentIds[(i * 3 + 1) % DEPARTMENTS]],
        videos: [],
        quizIds: [],
      },
    };
  });
  const recordRows = [
    ...[...contentTypes, ...knowledge].map((m) => ({
      id: m.id,
      resource: m.resource,
      data: { name: m.name },
    })),
    ...contents,
    ...courses,
  ];
  await insertRecords(companyId, recordRows);

  // Views: popular contents and keen users, busier weekdays, in time order.
  const pickContent = sampler(
    contents.map((_, i) => 1 / (i + 1) ** 0.9),
    random,
  );
  const pickUser = sampler(
    userIds.map(() => 0.2 + random() * random() * 3),
    random,
  );
  const pickDay = sampler(
    Array.from({ length: DAYS }, (_, d) => {
      const weekday = new Date(now - d * DAY).getUTCDay();
      return weekday === 0 ? 0.15 : weekday === 6 ? 0.35 : 1;
    }),
    random,
  );
  const times = new Float64Array(EVENTS);
  for (let i = 0; i < EVENTS; i++) times[i] = now - pickDay() * DAY - (1 + random() * 10) * 3_600_000;
  times.sort();
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
    await exec(sql`insert into view_events (id, company_id, user_id, content_id, content_resource, seconds, viewed_at)
      select id, ${companyId}, u, c, k, s, to_timestamp(a / 1000.0)
      from unnest(${list(cols.id)}::uuid[], ${list(cols.user)}::text[], ${list(cols.content)}::uuid[],
        ${list(cols.kind)}::text[], ${list(seconds)}::int[], ${list(at)}::float8[]) as x(id, u, c, k, s, a)`);
  }

  // Course progress: 2,000 learners per course, most started, some finished.
  const pairs = new Set<string>();
  const progress = {
    course: [] as string[],
    user: [] as string[],
    start: [] as (number | null)[],
    end: [] as (number | null)[],
    n: [] as number[],
  };
  while (progress.course.length < PROGRESS) {
    const ci = Math.floor(random() * COURSES);
    const ui = Math.floor(random() * USERS);
    const key = `${ci}:${ui}`;
    if (pairs.has(key)) continue;
    pairs.add(key);
    const start = Date.parse(courses[ci]!.data.startAt) + random() * 20 * DAY;
    const started = start < now && random() < 0.85;
    const finished = started && random() < 0.5 ? Math.min(now - 1000, start + random() * 40 * DAY) : null;
    progress.course.push(courseIds[ci]!);
    progress.user.push(userIds[ui]!);
    progress.start.push(started ? start / 1000 : null);
    progress.end.push(finished === null ? null : finished / 1000);
    progress.n.push(finished ? 3 : started ? 1 : 0);
  }
  for (let i = 0; i < PROGRESS; i += BATCH) {
    const s = <T>(a: T[]) => a.slice(i, i + BATCH);
    await exec(sql`insert into course_progress (company_id, course_id, user_id, started_at, finished_at, videos_completed, updated_at)
      select ${companyId}, c, u, to_timestamp(s), to_timestamp(f), n, now()
      from unnest(${list(s(progress.course))}::uuid[], ${list(s(progress.user))}::text[], ${list(s(progress.start))}::float8[],
        ${list(s(progress.end))}::float8[], ${list(s(progress.n))}::int[]) as x(c, u, s, f, n)`);
  }
  // A passed or failed post-test for a fifth of the learners who finished.
  await exec(sql`insert into quiz_attempts (id, company_id, course_id, quiz_id, user_id, slot, attempt_number, started_at, submitted_at, questions, score, total, passed)
    select gen_random_uuid(), company_id, course_id, course_id, user_id, 'post', 1, finished_at, finished_at, '[]', 8, 10, (hashtext(user_id) % 4) <> 0
    from course_progress where company_id = ${companyId} and finished_at is not null and hashtext(user_id || course_id::text) % 5 = 0`);
  // Access requests to the department courses.
  const requests: { id: string; data: object }[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const statusRoll = random();
    requests.push({
      id: uuidv7(),
      data: {
        courseId: courseIds[Math.floor(random() * COURSES)],
        userId: userIds[Math.floor(random() * USERS)],
        status: statusRoll < 0.5 ? 'requested' : statusRoll < 0.8 ? 'enrolled' : 'refused',
        requestedAt: new Date(now - random() * DAYS * DAY).toISOString(),
      },
    });
  }
  await insertRecords(
    companyId,
    requests.map((r) => ({ ...r, resource: 'Enrolment' })),
  );
  return companyId;
}

/**
 * The reports' rollups of the bulk-inserted views, by the SQL production used for the views before
 * migration 0021 (`view_rollups_fill`); recordViews keeps them as views are stored.
 */
export async function fillRollups({ db }: Database, companyId: string) {
  await db.execute(sql`select view_rollups_fill(${companyId})`);
}

async function run(name: string, database: Database) {
  const now = Date.now();
  const t0 = performance.now();
  const companyId = await load(database, now);
  const loadMs = performance.now() - t0;
  const tFill = performance.now();
  await fillRollups(database, companyId);
  const fillMs = performance.now() - tFill;
  const tVacuum = performance.now();
  await database.db.execute(sql`vacuum analyze`);
  const vacuumMs = performance.now() - tVacuum;
  console.log(
    `${name}: loaded ${EVENTS.toLocaleString('en')} events, ${PROGRESS.toLocaleString('en')} progress rows in ` +
      `${(loadMs / 1000).toFixed(1)} s; rollups filled in ${ms(fillMs)}; vacuum analyze ${ms(vacuumMs)}`,
  );
  const who = { companyId, userId: 'bench' };
  const day = (offset: number) => new Date(now + offset * DAY + 6.5 * 3_600_000).toISOString().slice(0, 10);
  const range = { from: day(-89), to: day(0), timeZone: TZ };
  // The console's first call: the last 30 days up to today (lastDays(30)), its default sort.
  const month = { from: day(-29), to: day(0), timeZone: TZ };
  // A month that ended a month ago (both of its ends read from the events, no open end).
  const past = { from: day(-59), to: day(-30), timeZone: TZ };
  const target = name === 'PostgreSQL' ? PG_TARGET : PGLITE_TARGET;
  const cases: [string, () => Promise<unknown>][] = [];
  for (const report of REPORT_NAMES) {
    const service = REPORT_SERVICES[report] as (typeof REPORT_SERVICES)['UserActivity'];
    const def = REPORTS[report].defaultSort;
    const base = { page: 1, per_page: 50, sort: def.field, order: def.order };
    cases.push([`${report}, 30 days`, () => service(database.db, who, { ...base, ...month }, new Date(now))]);
    cases.push([
      `${report}, 30 days a month ago`,
      () => service(database.db, who, { ...base, ...past }, new Date(now)),
    ]);
    cases.push([`${report}, 90 days`, () => service(database.db, who, { ...base, ...range }, new Date(now))]);
    cases.push([`${report}, all time`, () => service(database.db, who, base, new Date(now))]);
  }
  cases.push(['Dashboard, 30 days', () => dashboard(database.db, who, month, new Date(now))]);
  cases.push(['Dashboard, 90 days', () => dashboard(database.db, who, range, new Date(now))]);
  let over = 0;
  console.log(
    `  ${'first page'.padEnd(40)} ${'first'.padStart(8)} | ${'median'.padStart(8)} | ${'max'.padStart(8)}  rows`,
  );
  for (const [label, call] of cases) {
    const times: number[] = [];
    let answer: unknown;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      answer = await call();
      times.push(performance.now() - t);
    }
    const first = times[0]!;
    times.sort((a, b) => a - b);
    const median = times[RUNS >> 1]!;
    if (median > target) over++;
    const a = answer as { total?: number; totalViews?: number };
    console.log(
      `  ${label.padEnd(40)} ${ms(first).padStart(8)} | ${ms(median).padStart(8)} | ${ms(times[RUNS - 1]!).padStart(8)}  ` +
        `${a.total ?? `${a.totalViews} views`}${median > target ? `  OVER ${target} ms` : ''}`,
    );
  }
  console.log(`  ${over ? `${over} over` : 'all within'} the target of ${target} ms (median)`);
}

if (!process.env.BENCH_LIBRARY)
  console.log(`${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`);
if (!process.env.BENCH_PG_ONLY && !process.env.BENCH_LIBRARY) {
  const database = await openDatabase({ databaseUrl: '', pgliteDir: 'memory://' });
  try {
    await run('PGlite', database);
  } finally {
    await database.close();
  }
}
if (process.env.DATABASE_URL && !process.env.BENCH_LIBRARY) {
  const pgdb = await freshPostgres(process.env.DATABASE_URL);
  const database = await openDatabase({ databaseUrl: pgdb.url, pgliteDir: '' });
  try {
    await run('PostgreSQL', database);
  } finally {
    await database.close();
    // BENCH_KEEP=1 leaves the database for EXPLAIN (its URL is printed).
    if (process.env.BENCH_KEEP) console.log(`kept ${pgdb.url}`);
    else await pgdb.drop();
  }
}
