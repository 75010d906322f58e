// A small JSON client of the real server for benches: sign in, post, push in batches.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function post(url: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; message: string; data: unknown };
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${json.message}`);
  return json.data;
}

export async function login(url: string, companyCode = 'DEMO', username = 'admin', password = 'Admin@1234') {
  const data = (await post(url, '/api/v1/Login/Login', { companyCode, username, password })) as {
    token: string;
  };
  return data.token;
}

type Mutation = { id: string; resource: string; op: string; payload: Record<string, unknown> };
type Result = { httpStatus: number; message: string };

/** Pushes in batches of `size`, one request at a time (as the outbox drains); fails on any refusal. */
export async function pushAll(url: string, token: string, mutations: Mutation[], size: number) {
  for (let i = 0; i < mutations.length; i += size) {
    const { results } = (await post(
      url,
      '/api/v6/Sync/Push',
      { mutations: mutations.slice(i, i + size) },
      token,
    )) as {
      results: Result[];
    };
    const bad = results.find((r) => r.httpStatus >= 300);
    if (bad) throw new Error(`push refused: ${bad.httpStatus} ${bad.message}`);
  }
  return Math.ceil(mutations.length / size);
}

/** A fresh PostgreSQL database beside DATABASE_URL's, dropped by `drop`. */
export async function freshPostgres(baseUrl: string) {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The databases a bench runs on: PGlite always, PostgreSQL too when DATABASE_URL is set. */
export async function benchDatabases() {
  const list: { name: string; env: Record<string, string>; drop: () => Promise<void> }[] = [
    { name: 'PGlite', env: { DATABASE_URL: '' }, drop: async () => {} },
  ];
  if (process.env.DATABASE_URL) {
    const db = await freshPostgres(process.env.DATABASE_URL);
    list.push({ name: 'PostgreSQL', env: { DATABASE_URL: db.url }, drop: db.drop });
  }
  return list;
}
