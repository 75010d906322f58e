import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type App, buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { freshPglite } from './pglite-template.ts';
import { seedClock, seededPglite, seededPostgres } from './seeded-template.ts';

export type TestApp = Awaited<ReturnType<typeof makeTestApp>>;

/** A clock the test moves: every expiry and lockout in the app reads it. */
export function makeClock(start = new Date('2030-01-15T09:00:00Z')) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms: number) => {
      t += ms;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/**
 * A fresh database per call: in-memory PGlite, or with DATABASE_URL a new PostgreSQL database
 * (created, migrated, dropped afterwards), so test files never share state. With `seeded`, it
 * holds the demo data (seeded-template.ts) and the seed's files are copied into `filesDir`.
 */
async function freshDatabase(
  seeded: { clock: ReturnType<typeof seedClock>; filesDir: string } | undefined,
): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = seeded ? await seededPglite(seeded.clock, seeded.filesDir) : await freshPglite();
    return { database, drop: async () => {} };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  if (seeded) await seededPostgres(url, name, seeded.clock, seeded.filesDir);
  else {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString(), pgliteDir: '' });
  const drop = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { database, drop, url: testUrl.toString() };
}

type Options = {
  now?: () => Date;
  distDir?: string;
  /**
   * The demo data. Left out: copied from a template seeded once per clock (seeded-template.ts);
   * true: seeded by the app as it starts (for tests of the seeding); false: none.
   */
  seed?: boolean;
  /** NODE_ENV=production, with the app's own default for seeding. */
  production?: boolean;
  /** Adds test-only routes before the app is ready. */
  register?: (app: App) => void | Promise<void>;
  /** More environment for loadConfig (the S3_* variables of tests/server/s3-server.ts). */
  env?: Record<string, string>;
};

export async function makeTestApp(opts: Options = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'lac-test-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: opts.production ? 'production' : 'test',
      PUBLIC_URL: 'http://console.test',
      PORT: '0',
      ...opts.env,
    }),
    pgliteDir: 'memory://',
    distDir: opts.distDir ?? join(dataDir, 'no-dist'),
  };
  // S3 keeps files outside the data folder: there the app seeds itself.
  const fromTemplate = !opts.production && opts.seed === undefined && !config.s3;
  const {
    database,
    drop,
    url: databaseUrl,
  } = await freshDatabase(
    fromTemplate ? { clock: seedClock(opts.now), filesDir: config.filesDir } : undefined,
  );
  const seed = opts.production ? undefined : fromTemplate ? false : (opts.seed ?? true);
  const app = await buildApp({ config, now: opts.now, database, seed });
  await opts.register?.(app);
  await app.ready();

  async function loginResponse(companyCode: string, username: string, password: string, remember = false) {
    return app.inject({
      method: 'POST',
      url: '/api/v1/Login/Login',
      payload: { companyCode, username, password, remember },
    });
  }

  async function login(companyCode: string, username: string, password: string) {
    const res = await loginResponse(companyCode, username, password);
    if (res.statusCode !== 200) throw new Error(`login ${companyCode}/${username} failed: ${res.body}`);
    return res.json().data.token as string;
  }

  async function close() {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }

  /** On PostgreSQL, the test database's URL (a second process's connection opens it). */
  return { app, config, login, loginResponse, close, databaseUrl };
}

/** Authorization header of a bearer token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
