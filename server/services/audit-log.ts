import { and, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AuditAction, AuditChange, AuditEntry, AuditListRequest } from '#contract/audit.ts';
import type { Db } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';
import type { Tx } from '../resources/repository-types.ts';

export type AuditWrite = {
  companyId: string;
  at: Date;
  actorId: string | null;
  action: AuditAction;
  resource?: string | null;
  recordId?: string | null;
  label?: string;
  changes?: AuditChange[];
  ip?: string | null;
};

const row = (e: AuditWrite) => ({
  companyId: e.companyId,
  at: e.at,
  actorId: e.actorId,
  action: e.action,
  resource: e.resource ?? null,
  recordId: e.recordId ?? null,
  label: e.label ?? '',
  changes: e.changes ?? [],
  ip: e.ip ?? null,
});

/** Appends one entry, in the caller's transaction: it commits or rolls back with the change. */
export async function appendAudit(tx: Tx, e: AuditWrite) {
  await tx.insert(auditLog).values(row(e));
}

/** Appends entries in their order with one statement, in the caller's transaction. */
export async function appendAuditMany(tx: Tx, entries: readonly AuditWrite[]) {
  if (entries.length) await tx.insert(auditLog).values(entries.map(row));
}

/** Never written to the log, whatever a client sends: secrets, and the bookkeeping every row has. */
const LEFT_OUT = new Set([
  'password',
  'passwordHash',
  'id',
  'rev',
  'seq',
  'createdAt',
  'updatedAt',
  'deletedAt',
]);
const MAX_TEXT = 200;

/** A value as the log keeps it: long texts and lists cut to 200 characters. */
function kept(v: unknown): unknown {
  if (typeof v === 'string') return v.length > MAX_TEXT ? `${v.slice(0, MAX_TEXT)}…` : v;
  if (v !== null && typeof v === 'object') {
    const json = JSON.stringify(v);
    return json.length > MAX_TEXT ? `${json.slice(0, MAX_TEXT)}…` : v;
  }
  return v ?? null;
}

/** The fields whose value differs between two versions of a record (either may be absent). */
export function changesBetween(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const out: AuditChange[] = [];
  for (const field of [...fields].sort()) {
    if (LEFT_OUT.has(field)) continue;
    const from = before?.[field] ?? null;
    const to = after?.[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) out.push({ field, from: kept(from), to: kept(to) });
  }
  return out;
}

/** What names a record in the log: its name, title, question or a person's name. */
export function labelOf(data: Record<string, unknown> | null | undefined): string {
  if (!data) return '';
  for (const f of ['name', 'title', 'question', 'subject', 'username']) {
    if (typeof data[f] === 'string' && data[f]) return String(kept(data[f]));
  }
  const person = [data.firstName, data.lastName].filter((x) => typeof x === 'string' && x).join(' ');
  return person;
}

/**
 * The action a change is logged as: a role whose permissions changed is a permission change, a
 * user switched off or on a deactivation or reactivation; everything else its plain operation.
 */
export function actionOf(
  resource: string,
  op: 'create' | 'update' | 'delete',
  changes: readonly AuditChange[],
): AuditAction {
  if (op !== 'update') return op;
  if (resource === 'Role' && changes.some((c) => c.field === 'permissions')) return 'permissionChange';
  const active = resource === 'User' ? changes.find((c) => c.field === 'active') : undefined;
  if (active) return active.to === false ? 'deactivate' : 'reactivate';
  return 'update';
}

/** A page of the company's log, newest first, with each actor's current name. */
export async function listAudit(
  db: Db,
  companyId: string,
  q: Required<Pick<AuditListRequest, 'page' | 'per_page'>> & AuditListRequest,
) {
  const actorName = sql<string>`coalesce(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;
  const where: (SQL | undefined)[] = [eq(auditLog.companyId, companyId)];
  if (q.from) where.push(gte(auditLog.at, new Date(q.from)));
  if (q.to) where.push(lte(auditLog.at, new Date(q.to)));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.resource) where.push(eq(auditLog.resource, q.resource));
  if (q.actorId) where.push(eq(auditLog.actorId, q.actorId));
  const search = q.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
    where.push(
      or(
        ilike(auditLog.label, pattern),
        ilike(auditLog.resource, pattern),
        sql`${actorName} ilike ${pattern}`,
      ),
    );
  }
  const filter = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorId: auditLog.actorId,
        actorName,
        action: auditLog.action,
        resource: auditLog.resource,
        recordId: auditLog.recordId,
        label: auditLog.label,
        changes: auditLog.changes,
        ip: auditLog.ip,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(filter)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db
      .select({ total: count() })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(filter),
  ]);
  const items: AuditEntry[] = rows.map((r) => ({
    ...r,
    at: r.at.toISOString(),
    actorName: r.actorName ?? '',
    action: r.action as AuditAction,
  }));
  return { items, total: Number(total), page: q.page, per_page: q.per_page };
}
