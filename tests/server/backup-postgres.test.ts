// ./run migrate-to-postgres (issue 15): a PGlite data folder with the demo data and pushed edits
// moves into an empty PostgreSQL database with every row (ids, revisions), every sequence value
// (Pull cursors) and its files still served. Needs a PostgreSQL server: DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { files } from '../../server/db/schema.ts';
import { cliEnv, databaseSnapshot, runCli } from './backup-helpers.ts';

const baseUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function adminQuery(query: string) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

describe.skipIf(!baseUrl)(
  'migrate-to-postgres (skipped without DATABASE_URL: it needs a PostgreSQL server; CI runs it in its PostgreSQL pass)',
  () => {
    it('moves every row, sequence value and file of the embedded database into an empty PostgreSQL', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'lac-migrate-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const config = {
        ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', PORT: '0' }),
        distDir: join(dataDir, 'x'),
      };

      // The embedded database: demo data (with pictures) and edits pushed through Sync.
      const source = await openDatabase({ pgliteDir: config.pgliteDir });
      const app = await buildApp({ config, database: source, seed: true });
      await app.ready();
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/Login/Login',
        payload: { companyCode: 'DEMO', username: 'admin', password: 'Admin@1234' },
      });
      const auth = { authorization: `Bearer ${login.json().data.token}` };
      const faq = {
        id: uuidv7(),
        question: 'Moved to PostgreSQL?',
        answer: 'Not yet.',
        sendDate: '2030-03-01',
      };
      const push = await app.inject({
        method: 'POST',
        url: '/api/v6/Sync/Push',
        headers: auth,
        payload: {
          mutations: [
            { id: uuidv7(), resource: 'Faq', op: 'create', payload: faq },
            { id: uuidv7(), resource: 'Faq', op: 'update', payload: { ...faq, answer: 'Yes.', rev: 1 } },
          ],
        },
      });
      expect(push.json().data.results.map((r: { httpStatus: number }) => r.httpStatus)).toEqual([200, 200]);
      const [file] = await source.db.select().from(files).limit(1);
      await app.close();

      const pglite = await openDatabase({ pgliteDir: config.pgliteDir, migrate: false });
      const before = await databaseSnapshot(pglite.db);
      await pglite.close();
      expect(before.sequences.some((s) => s.value !== null)).toBe(true);

      const name = `mig_${randomBytes(5).toString('hex')}`;
      await adminQuery(`create database ${name}`);
      cleanups.push(() => adminQuery(`drop database if exists ${name} with (force)`));
      const url = new URL(baseUrl as string);
      url.pathname = `/${name}`;
      const env = cliEnv(dataDir, { DATABASE_URL: url.toString() });

      const moved = await runCli('migrate-to-postgres.ts', [], env);
      expect(moved.out).toContain('Done.');
      expect(moved.code).toBe(0);

      const target = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
      try {
        expect(await databaseSnapshot(target.db)).toEqual(before);
        // The server on PostgreSQL with the same DATA_DIR: the edit, sign-in and files are there.
        const onPg = await buildApp({ config: { ...config, databaseUrl: url.toString() }, database: target });
        await onPg.ready();
        const auth2 = { authorization: `Bearer ${login.json().data.token}` };
        const got = await onPg.inject({
          method: 'POST',
          url: '/api/v1/Faq/Get',
          headers: auth2,
          payload: { id: faq.id },
        });
        expect(got.json().data).toMatchObject({ answer: 'Yes.', rev: 2 });
        const served = await onPg.inject({
          method: 'GET',
          url: `/files/${file.id}/${encodeURIComponent(file.fileName)}`,
          headers: auth2,
        });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.length).toBe(file.size);
        await onPg.close();
      } finally {
        await target.close().catch(() => {});
      }

      const again = await runCli('migrate-to-postgres.ts', [], env);
      expect(again.code).toBe(1);
      expect(again.out).toContain('is not empty');
    }, 170_000);
  },
);
