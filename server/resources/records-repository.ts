import { and, asc, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { records } from '../db/schema.ts';
import { sortKey } from '../db/sort-key.ts';
import type { ListQuery, ResourceRepository, Scope, StoredRow, Tx } from './repository-types.ts';

const columns = {
  id: records.id,
  rev: records.rev,
  seq: records.seq,
  data: records.data,
  createdAt: records.createdAt,
  updatedAt: records.updatedAt,
  deletedAt: records.deletedAt,
};

const ofScope = (s: Scope) => and(eq(records.companyId, s.companyId), eq(records.resource, s.resource));
// The resource inlined (a registry name) so the planner can use that resource's partial sort index.
const ofResource = (s: Scope) => sql`${records.resource} = ${sql.raw(`'${s.resource.replace(/'/g, "''")}'`)}`;
const live = (s: Scope, id: string) => and(ofScope(s), eq(records.id, id), isNull(records.deletedAt));
const nextSeq = sql`nextval('records_seq')`;
const text = (field: string) => sql`(${records.data} ->> ${field})`;
/** LIKE pattern of a literal: %, _ and \ are matched as themselves. */
const contains = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

function listWhere(scope: Scope, q: ListQuery) {
  const where: (SQL | undefined)[] = [
    eq(records.companyId, scope.companyId),
    ofResource(scope),
    isNull(records.deletedAt),
  ];
  if (q.search && q.searchFields.length) {
    const pattern = contains(q.search);
    where.push(
      sql`(${sql.join(
        q.searchFields.map((f) => sql`${text(f)} ilike ${pattern}`),
        sql` or `,
      )})`,
    );
  }
  for (const [field, value] of q.filters) {
    const json = sql`${records.data} -> ${field}`;
    where.push(
      value === null
        ? sql`coalesce(${json}, 'null'::jsonb) = 'null'::jsonb`
        : sql`${json} = ${JSON.stringify(value)}::jsonb`,
    );
  }
  return and(...where);
}

// Asked before every List (list-cache.ts): prepared once per database, not built per call.
const prepareVersion = (tx: Tx) =>
  (tx as Db)
    .select({ seq: sql<string | null>`max(${records.seq})` })
    .from(records)
    .where(
      and(
        eq(records.companyId, sql.placeholder('companyId')),
        eq(records.resource, sql.placeholder('resource')),
      ),
    )
    .prepare('records_version');
const versionQueries = new WeakMap<Tx, ReturnType<typeof prepareVersion>>();

// PGlite plans every statement anew (weighing the ~30 partial indexes of `records`, reading each
// one's file size) and crosses into WebAssembly six times per statement. The update a Push applies
// most and the version read before every List are therefore prepared once per database
// (`ensurePrepared`) and run by EXECUTE, their values given as literals (EXECUTE takes no bind
// parameters).
const UPDATE_WITH_BEFORE = 'records_update_with_before';
const VERSION = 'records_version_of';
const PREPARE = [
  sql.raw(
    `prepare ${VERSION}(text, text) as
     select max(seq) as seq from records where company_id = $1 and resource = $2`,
  ),
  sql.raw(
    `prepare ${UPDATE_WITH_BEFORE}(text, text, uuid, integer, jsonb, text) as
   update records set data = $5, rev = rev + 1, seq = nextval('records_seq'), updated_at = now(), updated_by = $6
   from (select id as prior_id, data as prior_data from records where company_id = $1 and resource = $2 and id = $3) prior
   where records.company_id = $1 and records.resource = $2 and records.id = $3 and records.deleted_at is null
     and records.rev = $4 and records.id = prior.prior_id
   returning records.id, records.rev, records.seq, records.data, records.created_at, records.updated_at,
     records.deleted_at, prior.prior_data`,
  ),
];
/** A text literal; only right with standard_conforming_strings on (checked before preparing). */
const literal = (v: string) => `'${v.replaceAll("'", "''")}'`;
const execute = async (tx: Tx, name: string, args: string[]) => {
  const result = await tx.execute(sql.raw(`execute ${name}(${args.map(literal).join(', ')})`));
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
};

const prepared = new WeakMap<Tx, Promise<boolean>>();

/**
 * Prepares the statements above once per database (they outlive any transaction), and says
 * whether they are there. Only where text literals read as written (standard_conforming_strings).
 */
export function ensurePrepared(db: Tx) {
  let ready = prepared.get(db);
  if (!ready) {
    ready = (async () => {
      const { rows } = (await db.execute(sql`show standard_conforming_strings`)) as unknown as {
        rows: { standard_conforming_strings: string }[];
      };
      if (rows[0]?.standard_conforming_strings !== 'on') return false;
      for (const statement of PREPARE) {
        await db.execute(statement).catch((err) => {
          // Already prepared on this connection (another handle on the same database).
          if ((err?.cause?.code ?? err?.code) !== '42P05') throw err;
        });
      }
      return true;
    })();
    prepared.set(db, ready);
    ready.catch(() => prepared.delete(db));
  }
  return ready;
}

/** A row of `returning records.*`-style raw SQL, as drizzle maps the `records` columns. */
function storedRowOf(r: Record<string, unknown>): StoredRow {
  const date = (v: unknown) => records.createdAt.mapFromDriverValue(v as string) as Date;
  return {
    id: r.id as string,
    rev: Number(r.rev),
    seq: Number(r.seq),
    data: r.data as Record<string, unknown>,
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
    deletedAt: r.deleted_at === null ? null : date(r.deleted_at),
  };
}

async function executeUpdateWithBefore(
  tx: Tx,
  scope: Scope,
  id: string,
  baseRev: number,
  data: Record<string, unknown>,
) {
  const args = [scope.companyId, scope.resource, id, String(baseRev), JSON.stringify(data), scope.userId];
  const [r] = await execute(tx, UPDATE_WITH_BEFORE, args);
  if (!r) return { row: undefined, before: undefined };
  return { row: storedRowOf(r), before: r.prior_data as Record<string, unknown> };
}

export type RecordUpdate = { resource: string; id: string; baseRev: number; data: Record<string, unknown> };

/**
 * Many updates of distinct records of one company in ONE statement, each as `updateWithBefore`
 * would apply it alone (same rev check, data, rev + 1, updated_at, updated_by, the record as it
 * was); each takes the next seq in the order given. Answers in that order, `row` undefined where
 * nothing matched (missing, deleted or another rev). One statement instead of one per record:
 * on PGlite each statement opens and checks every index of `records` (about 45) again.
 */
export async function updateManyWithBefore(
  tx: Tx,
  who: { companyId: string; userId: string },
  updates: readonly RecordUpdate[],
) {
  const rows = JSON.stringify(
    updates.map((u, ord) => ({ ord, id: u.id, resource: u.resource, rev: u.baseRev, data: u.data })),
  );
  const result = await tx.execute(sql`
    with v as materialized (
      select v.ord, v.id, v.resource, v.rev, v.data, nextval('records_seq') as seq
      from jsonb_to_recordset(${rows}::jsonb) as v(ord integer, id uuid, resource text, rev integer, data jsonb)
      order by v.ord)
    update records set data = v.data, rev = records.rev + 1, seq = v.seq, updated_at = now(),
      updated_by = ${who.userId}
    from v join records prior
      on prior.id = v.id and prior.company_id = ${who.companyId} and prior.resource = v.resource
    where records.id = v.id and records.company_id = ${who.companyId} and records.resource = v.resource
      and records.deleted_at is null and records.rev = v.rev
    returning v.ord, records.id, records.rev, records.seq, records.data, records.created_at,
      records.updated_at, records.deleted_at, prior.data as prior_data`);
  const written = updates.map(() => ({
    row: undefined as StoredRow | undefined,
    before: undefined as Record<string, unknown> | undefined,
  }));
  for (const r of (result as unknown as { rows: Record<string, unknown>[] }).rows) {
    written[Number(r.ord)] = { row: storedRowOf(r), before: r.prior_data as Record<string, unknown> };
  }
  return written;
}

/** What an update writes: the new data, the next rev and seq, and who and when. */
const updateOf = (scope: Scope, data: Record<string, unknown>) => ({
  data,
  rev: sql`${records.rev} + 1`,
  seq: nextSeq,
  updatedAt: sql`now()`,
  updatedBy: scope.userId,
});

/** The default adapter: every resource of the registry in the generic `records` table. */
export const recordsRepository: ResourceRepository = {
  table: 'records',
  async list(tx, scope, q) {
    const where = listWhere(scope, q);
    const key = sortKey(records.data, q.sort.field);
    const dir = q.sort.dir === 'asc' ? asc : desc;
    const [rows, [{ total }]] = await Promise.all([
      tx
        .select(columns)
        .from(records)
        .where(where)
        .orderBy(dir(key), dir(records.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page),
      tx.select({ total: sql<number>`count(*)::int` }).from(records).where(where),
    ]);
    return { rows, total: Number(total) };
  },

  async find(tx, scope, id) {
    const [row] = await tx
      .select(columns)
      .from(records)
      .where(and(ofScope(scope), eq(records.id, id)))
      .limit(1);
    return row;
  },

  async idTaken(tx, id) {
    const [row] = await tx.select({ id: records.id }).from(records).where(eq(records.id, id)).limit(1);
    return !!row;
  },

  async insert(tx, scope, id, data) {
    const [row] = await tx
      .insert(records)
      .values({
        id,
        companyId: scope.companyId,
        resource: scope.resource,
        data,
        createdBy: scope.userId,
        updatedBy: scope.userId,
      })
      .onConflictDoNothing()
      .returning(columns);
    return row;
  },

  async update(tx, scope, id, baseRev, data) {
    const [row] = await tx
      .update(records)
      .set(updateOf(scope, data))
      .where(and(live(scope, id), eq(records.rev, baseRev)))
      .returning(columns);
    return row;
  },

  async updateWithBefore(tx, scope, id, baseRev, data) {
    if (scope.prepared) return executeUpdateWithBefore(tx, scope, id, baseRev, data);
    // The record as it was, read in the same statement (a subquery sees the row before the update).
    const prior = tx
      .select({ id: sql<string>`${records.id}`.as('prior_id'), data: sql`${records.data}`.as('prior_data') })
      .from(records)
      .where(and(ofScope(scope), eq(records.id, id)))
      .as('prior');
    const [row] = await tx
      .update(records)
      .set(updateOf(scope, data))
      .from(prior)
      .where(and(live(scope, id), eq(records.rev, baseRev), eq(records.id, prior.id)))
      .returning({ ...columns, before: prior.data });
    if (!row) return { row: undefined, before: undefined };
    const { before, ...after } = row;
    return { row: after, before: before as Record<string, unknown> };
  },

  async remove(tx, scope, id, baseRev) {
    const now = sql`now()`;
    const [row] = await tx
      .update(records)
      .set({
        rev: sql`${records.rev} + 1`,
        seq: nextSeq,
        updatedAt: now,
        deletedAt: now,
        updatedBy: scope.userId,
      })
      .where(and(live(scope, id), baseRev === undefined ? undefined : eq(records.rev, baseRev)))
      .returning(columns);
    return row;
  },

  async changes(tx, scope, afterSeq, limit) {
    return tx
      .select(columns)
      .from(records)
      .where(and(ofScope(scope), gt(records.seq, afterSeq)))
      .orderBy(asc(records.seq))
      .limit(limit);
  },

  async version(tx, scope) {
    if (scope.prepared) {
      const [row] = await execute(tx, VERSION, [scope.companyId, scope.resource]);
      return Number(row?.seq ?? 0);
    }
    let query = versionQueries.get(tx);
    if (!query) {
      query = prepareVersion(tx);
      versionQueries.set(tx, query);
    }
    const [row] = await query.execute({ companyId: scope.companyId, resource: scope.resource });
    return Number(row?.seq ?? 0);
  },

  async lockWrites(tx, scope) {
    if (scope.serialWrites) return;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope.companyId}))`);
  },
};

/** A live (not deleted) record of `resource` in the caller's company, or undefined. */
export async function findLive(tx: Tx, scope: Scope, resource: string, id: string) {
  const row = await recordsRepository.find(tx, { ...scope, resource }, id);
  return row && !row.deletedAt ? row : undefined;
}

/** The live records of `resource` in a company (id and data), narrowed by `where` when given. */
export const liveRecords = (tx: Tx, companyId: string, resource: string, where?: SQL) =>
  tx
    .select({ id: records.id, data: records.data })
    .from(records)
    .where(
      and(eq(records.companyId, companyId), eq(records.resource, resource), isNull(records.deletedAt), where),
    );
