// Moves the embedded database (a PGlite data folder) into an empty PostgreSQL database (issue 15):
// the schema by the app's own migrations, then every table's rows as they are (ids, revisions,
// timestamps, JSON, sync sequence numbers), then every sequence's value, so Pull cursors the
// consoles hold stay valid. Uploaded files stay where they are (DATA_DIR/files or the S3 bucket).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, openDatabase } from '../db/client.ts';

const BATCH = 2000;
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: string) =>
  ((await db.execute(sql.raw(query))) as unknown as Rows<T>).rows;

export type MigrationReport = { tables: { name: string; rows: number }[]; sequences: number };

export async function migrateToPostgres(opts: {
  pgliteDir: string;
  databaseUrl: string;
  log?: (line: string) => void;
}): Promise<MigrationReport> {
  const log = opts.log ?? (() => {});
  if (!existsSync(join(opts.pgliteDir, 'PG_VERSION')))
    throw new Error(`There is no embedded database in ${opts.pgliteDir}: check DATA_DIR.`);

  const target = new pg.Client({ connectionString: opts.databaseUrl });
  await target.connect();
  let source: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    const { rows: used } = await target.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    if (used[0].n > 0)
      throw new Error(
        'The PostgreSQL database of DATABASE_URL is not empty. Move into a new, empty database ' +
          '(e.g. `createdb console`), so nothing there is overwritten or mixed.',
      );
    // The source is brought to the current schema first, so both sides have the same tables.
    source = await openDatabase({ pgliteDir: opts.pgliteDir });
    log(`Source: ${opts.pgliteDir}`);
    const schema = await openDatabase({ databaseUrl: opts.databaseUrl, pgliteDir: '' });
    await schema.close();
    log('Schema created in PostgreSQL by the migrations.');

    await target.query('begin');
    await target.query(`set local timezone = 'UTC'`);
    const { rows: fks } = await target.query<{ tbl: string; name: string; def: string }>(
      `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
         from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
    );
    // Foreign keys are dropped while rows arrive in any order (tables that name each other), and
    // added back afterwards, which checks every reference.
    for (const fk of fks) await target.query(`alter table ${fk.tbl} drop constraint ${ident(fk.name)}`);

    const tables = (
      await rowsOf<{ name: string }>(
        source.db,
        `select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      )
    ).map((t) => t.name);
    const report: MigrationReport = { tables: [], sequences: 0 };
    for (const table of tables) {
      const { rows: cols } = await target.query<{ name: string }>(
        `select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [table],
      );
      if (cols.length === 0)
        throw new Error(`Table ${table} of the embedded database is unknown to PostgreSQL.`);
      const list = cols.map((c) => ident(c.name)).join(', ');
      let after = '(0,0)';
      let count = 0;
      for (;;) {
        // Rows as JSON text, never parsed in JavaScript: bigints and exact decimals stay exact.
        const batch = await rowsOf<{ c: string; j: string }>(
          source.db,
          `select ctid::text as c, to_jsonb(t)::text as j from ${ident(table)} t
            where ctid > '${after}'::tid order by ctid limit ${BATCH}`,
        );
        if (batch.length === 0) break;
        await target.query(
          `insert into ${ident(table)} (${list}) overriding system value
           select ${list} from jsonb_populate_recordset(null::${ident(table)}, $1::jsonb)`,
          [`[${batch.map((r) => r.j).join(',')}]`],
        );
        count += batch.length;
        after = batch[batch.length - 1].c;
      }
      report.tables.push({ name: table, rows: count });
    }

    for (const fk of fks)
      await target.query(`alter table ${fk.tbl} add constraint ${ident(fk.name)} ${fk.def}`);

    const sequences = await rowsOf<{ name: string; value: string | null }>(
      source.db,
      `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
    );
    for (const s of sequences) {
      if (s.value === null) continue; // never used: PostgreSQL's fresh sequence is the same
      await target.query('select setval($1::regclass, $2::bigint, true)', [
        `public.${ident(s.name)}`,
        s.value,
      ]);
      report.sequences += 1;
    }

    for (const t of report.tables) {
      const { rows } = await target.query<{ n: string }>(`select count(*)::text as n from ${ident(t.name)}`);
      if (Number(rows[0].n) !== t.rows)
        throw new Error(`Table ${t.name}: ${t.rows} rows read but ${rows[0].n} in PostgreSQL.`);
    }
    await target.query('commit');
    return report;
  } catch (err) {
    await target.query('rollback').catch(() => {});
    throw err;
  } finally {
    await target.end();
    await source?.close();
  }
}
