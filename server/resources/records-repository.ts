import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { records } from '../db/schema.ts';
import type { ListQuery, ResourceRepository, Scope } from './repository.ts';

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
const live = (s: Scope, id: string) => and(ofScope(s), eq(records.id, id), isNull(records.deletedAt));
const nextSeq = sql`nextval('records_seq')`;
const text = (field: string) => sql`(${records.data} ->> ${field})`;
/** LIKE pattern of a literal: %, _ and \ are matched as themselves. */
const contains = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

function listWhere(scope: Scope, q: ListQuery) {
  const where: (SQL | undefined)[] = [ofScope(scope), isNull(records.deletedAt)];
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

/** The default adapter: every resource of the registry in the generic `records` table. */
export const recordsRepository: ResourceRepository = {
  async list(tx, scope, q) {
    const where = listWhere(scope, q);
    const key = sql`lower(${text(q.sort.field)})`;
    const rows = await tx
      .select({ ...columns, total: sql<number>`(count(*) over ())::int` })
      .from(records)
      .where(where)
      .orderBy(
        q.sort.dir === 'asc' ? sql`${key} asc nulls first` : sql`${key} desc nulls last`,
        asc(records.id),
      )
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page);
    if (rows.length) return { rows, total: Number(rows[0].total) };
    if (q.page === 1) return { rows: [], total: 0 };
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(records).where(where);
    return { rows: [], total: Number(n) };
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
      .set({
        data,
        rev: sql`${records.rev} + 1`,
        seq: nextSeq,
        updatedAt: sql`now()`,
        updatedBy: scope.userId,
      })
      .where(and(live(scope, id), eq(records.rev, baseRev)))
      .returning(columns);
    return row;
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

  async lockWrites(tx, scope) {
    if (scope.serialWrites) return;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope.companyId}))`);
  },
};
