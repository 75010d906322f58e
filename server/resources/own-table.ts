import { and, asc, desc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { invalid } from './record-shape.ts';
import type { ListQuery, ResourceRepository, Scope, StoredRow, Tx } from './repository-types.ts';

/** A table served as a resource: company scoped, with the sync columns of `records`. */
export type SyncTable = PgTable & {
  id: AnyPgColumn;
  companyId: AnyPgColumn;
  rev: AnyPgColumn;
  seq: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
  deletedAt: AnyPgColumn;
  updatedBy: AnyPgColumn;
};

export type TableSpec = {
  table: SyncTable;
  /** Record field -> column or expression: what answers carry, and what list can search/sort/filter. */
  fields: Record<string, AnyPgColumn | SQL>;
  /** Fields a list may filter by (equality). */
  filters: readonly string[];
};

type Found = Omit<StoredRow, 'data'> & Record<string, unknown>;

const contains = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;
export const nextSeq = sql`nextval('records_seq')`;

/** The read side of a table-backed repository; the writes are the resource's own rules. */
export function tableReads(spec: TableSpec) {
  const t = spec.table;
  const selection = {
    ...spec.fields,
    id: t.id,
    rev: t.rev,
    seq: t.seq,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    deletedAt: t.deletedAt,
  };
  const toRow = (r: Found): StoredRow => {
    const data: Record<string, unknown> = {};
    for (const f of Object.keys(spec.fields)) data[f] = r[f];
    return {
      id: r.id,
      rev: r.rev,
      seq: Number(r.seq),
      createdAt: new Date(r.createdAt),
      updatedAt: new Date(r.updatedAt),
      deletedAt: r.deletedAt ? new Date(r.deletedAt) : null,
      data,
    };
  };
  const select = (tx: Tx) => tx.select(selection as never).from(t as never);
  const ofCompany = (s: Scope) => eq(t.companyId, s.companyId);
  const column = (field: string, path: string) => {
    const c = spec.fields[field];
    if (!c) throw invalid([{ path, message: `Use one of: ${Object.keys(spec.fields).join(', ')}` }]);
    return c;
  };

  function listWhere(scope: Scope, q: ListQuery) {
    const where: (SQL | undefined)[] = [ofCompany(scope), isNull(t.deletedAt)];
    if (q.search && q.searchFields.length) {
      const pattern = contains(q.search);
      where.push(
        sql`(${sql.join(
          q.searchFields.map((f) => sql`${column(f, 'search')}::text ilike ${pattern}`),
          sql` or `,
        )})`,
      );
    }
    for (const [field, value] of q.filters) {
      if (!spec.filters.includes(field)) {
        throw invalid([
          { path: `filters.${field}`, message: `Filter by one of: ${spec.filters.join(', ')}` },
        ]);
      }
      const c = column(field, `filters.${field}`);
      where.push(value === null ? sql`${c} is null` : sql`${c} = ${value}`);
    }
    return and(...where);
  }

  const reads: Pick<ResourceRepository, 'list' | 'find' | 'idTaken' | 'changes' | 'lockWrites'> = {
    async list(tx, scope, q) {
      const where = listWhere(scope, q);
      const c = column(q.sort.field, 'sort.field');
      const key = sql`lower(${c}::text)`;
      const dir = q.sort.dir === 'asc' ? asc : desc;
      const [rows, [{ total }]] = await Promise.all([
        select(tx)
          .where(where)
          .orderBy(dir(key), dir(t.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        tx.select({ total: sql<number>`count(*)::int` }).from(t).where(where),
      ]);
      return { rows: (rows as Found[]).map(toRow), total: Number(total) };
    },
    async find(tx, scope, id) {
      const [row] = await select(tx)
        .where(and(ofCompany(scope), eq(t.id, id)))
        .limit(1);
      return row ? toRow(row as Found) : undefined;
    },
    async idTaken(tx, id) {
      const [row] = await tx.select({ id: t.id }).from(t).where(eq(t.id, id)).limit(1);
      return !!row;
    },
    async changes(tx, scope, afterSeq, limit) {
      const rows = await select(tx)
        .where(and(ofCompany(scope), gt(t.seq, afterSeq)))
        .orderBy(asc(t.seq))
        .limit(limit);
      return (rows as Found[]).map(toRow);
    },
    async lockWrites(tx, scope) {
      if (scope.serialWrites) return;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope.companyId}))`);
    },
  };
  /** Conditions of a write: this company's live row, at the given revision when one is given. */
  const live = (scope: Scope, id: string, baseRev?: number) =>
    and(
      ofCompany(scope),
      eq(t.id, id),
      isNull(t.deletedAt),
      baseRev === undefined ? undefined : eq(t.rev, baseRev),
    );
  /** Columns every write sets: next revision and seq, who and when. */
  const bump = (scope: Scope) => ({
    rev: sql`${t.rev} + 1`,
    seq: nextSeq,
    updatedAt: sql`now()`,
    updatedBy: scope.userId,
  });
  /**
   * The contract's `unique` rules (trimmed, ignoring case) against the company's other live
   * records: one problem per taken value. Race-free under `lockWrites`, which every write holds.
   */
  async function duplicates(
    tx: Tx,
    scope: Scope,
    unique: Readonly<Record<string, string | undefined>>,
    data: Record<string, unknown>,
    selfId: string,
  ) {
    const problems: { path: string; message: string }[] = [];
    for (const [field, message] of Object.entries(unique)) {
      const value = data[field];
      if (typeof value !== 'string' || !message) continue;
      const [taken] = await tx
        .select({ id: t.id })
        .from(t as never)
        .where(
          and(
            ofCompany(scope),
            isNull(t.deletedAt),
            ne(t.id, selfId),
            sql`lower(${column(field, field)}) = ${value.trim().toLowerCase()}`,
          ),
        )
        .limit(1);
      if (taken) problems.push({ path: field, message });
    }
    return problems;
  }
  return { reads, live, bump, toRow, select, duplicates };
}
