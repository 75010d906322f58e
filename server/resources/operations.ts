import type { z } from 'zod';
import { deleteRequest } from '#contract/delete-request.ts';
import { STATUS } from '#contract/envelope.ts';
import type { ResourceDef } from '#contract/resource.ts';
import { STORE_READ_ONLY } from '#contract/resources/store-item.ts';
import { ApiError, notFound } from '../lib/api-error.ts';
import { type AuditWrite, actionOf, appendAudit, changesBetween, labelOf } from '../services/audit-log.ts';
import { checkFileRefs } from './file-refs.ts';
import { type RecordOut, toRecord, zodInvalid } from './record-shape.ts';
import { repositoryFor } from './repository.ts';
import type { Scope, StoredRow, Tx } from './repository-types.ts';
import { rulesFor } from './resource-rules.ts';

export type Op = 'create' | 'update' | 'delete';
/** A successful effect; refusals are thrown as ApiError (and roll the transaction back). */
export type Outcome = { httpStatus: number; status: number; message: string; data: RecordOut };
/**
 * Where a change's activity log entry goes: appended at once by default; Push collects a batch's
 * entries and appends them in one statement before its commit (same transaction, same guarantee).
 */
export type AuditSink = (tx: Tx, entry: AuditWrite) => Promise<void> | void;

const label = (def: ResourceDef) => {
  const words = def.name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const gone = (def: ResourceDef) =>
  notFound(`This ${label(def).toLowerCase()} does not exist or was deleted.`);
const conflict = (def: ResourceDef, current: RecordOut | null) =>
  new ApiError(
    409,
    STATUS.conflict,
    current
      ? `This ${label(def).toLowerCase()} was changed by someone else. Review the current version and try again.`
      : 'This id is already in use. Create the record with a new id.',
    current,
  );

function parse<T>(schema: z.ZodType, v: unknown) {
  const r = schema.safeParse(v);
  if (!r.success) throw zodInvalid(r.error);
  return r.data as T;
}

/** Why a write matched nothing: the record is missing or deleted (404), or its rev moved on (409). */
async function explainMiss(tx: Tx, scope: Scope, def: ResourceDef, id: string): Promise<never> {
  const current = await repositoryFor(scope.resource).find(tx, scope, id);
  if (!current || current.deletedAt) throw gone(def);
  throw conflict(def, toRecord(current));
}

/**
 * The activity log entry of a change, in the same transaction: it exists exactly when the change
 * does. A create lists every field it set, an update what changed, a delete nothing.
 */
async function logChange(
  tx: Tx,
  scope: Scope,
  op: Op,
  before: StoredRow['data'] | undefined,
  after: StoredRow,
  audit: AuditSink,
) {
  const changes =
    op === 'delete' ? [] : changesBetween(op === 'create' ? null : (before ?? null), after.data);
  await audit(tx, {
    companyId: scope.companyId,
    at: scope.now ?? new Date(),
    actorId: scope.userId || null,
    action: scope.origin === 'import' && op === 'create' ? 'import' : actionOf(scope.resource, op, changes),
    resource: scope.resource,
    recordId: after.id,
    label: labelOf(op === 'delete' ? before : after.data),
    changes,
    ip: scope.ip ?? null,
  });
}

/** What an update is to write, checked: its id, base rev and fields (with what the rules set). */
export type CheckedUpdate = { id: string; rev: number; fields: Record<string, unknown> };

const parseWrite = (def: ResourceDef, op: 'create' | 'update', payload: unknown) => {
  const { id, rev, ...fields } = parse<Record<string, unknown> & { id: string; rev?: number }>(
    op === 'create' ? def.create : def.update,
    payload,
  );
  return { id, rev: rev!, fields };
};

/** The checks of a create or update before it writes: input, file references, lock, rules. */
async function checkWrite(
  tx: Tx,
  scope: Scope,
  def: ResourceDef,
  op: 'create' | 'update',
  payload: unknown,
): Promise<CheckedUpdate> {
  // Before anything else: the store is written by the platform's seed, never through the API.
  if (def.readOnly) throw new ApiError(403, STATUS.forbidden, STORE_READ_ONLY);
  const write = parseWrite(def, op, payload);
  await checkFileRefs(tx, def, scope.companyId, write.fields);
  await repositoryFor(scope.resource).lockWrites(tx, scope);
  const serverSet = await rulesFor(scope.resource).beforeSave?.(tx, scope, write.id, write.fields);
  if (serverSet) Object.assign(write.fields, serverSet);
  return write;
}

/** An update's checks before it writes (applyOp's own); see `finishUpdate`. */
export const checkUpdate = (tx: Tx, scope: Scope, def: ResourceDef, payload: unknown) =>
  checkWrite(tx, scope, def, 'update', payload);

const done = (def: ResourceDef, row: Parameters<typeof toRecord>[0], verb: string): Outcome => ({
  httpStatus: 200,
  status: STATUS.ok,
  message: `${label(def)} ${verb}.`,
  data: toRecord(row),
});

/**
 * An update's answer once its write ran: 404 or 409 when it matched nothing, otherwise its
 * activity log entry and the record. Split from applyOp so Push can write many in one statement.
 */
export async function finishUpdate(
  tx: Tx,
  scope: Scope,
  def: ResourceDef,
  id: string,
  written: { row: StoredRow | undefined; before: StoredRow['data'] | undefined },
  audit: AuditSink = appendAudit,
): Promise<Outcome> {
  const { row, before } = written;
  if (!row) return explainMiss(tx, scope, def, id);
  await logChange(tx, scope, 'update', before, row, audit);
  return done(def, row, 'updated');
}

/** Applies one create/update/delete inside the caller's transaction; the caller owns atomicity. */
export async function applyOp(
  tx: Tx,
  scope: Scope,
  def: ResourceDef,
  op: Op,
  payload: unknown,
  audit: AuditSink = appendAudit,
): Promise<Outcome> {
  const repo = repositoryFor(scope.resource);
  if (op === 'delete') {
    // Before anything else: the store is written by the platform's seed, never through the API.
    if (def.readOnly) throw new ApiError(403, STATUS.forbidden, STORE_READ_ONLY);
    const { id, rev } = parse<{ id: string; rev?: number }>(deleteRequest, payload);
    await repo.lockWrites(tx, scope);
    await rulesFor(scope.resource).beforeDelete?.(tx, scope, id);
    const before = await repo.find(tx, scope, id);
    const row = await repo.remove(tx, scope, id, rev);
    if (!row) return explainMiss(tx, scope, def, id);
    await logChange(tx, scope, op, before?.data, row, audit);
    return done(def, row, 'deleted');
  }
  const { id, rev, fields } = await checkWrite(tx, scope, def, op, payload);
  if (op === 'update') {
    const written = repo.updateWithBefore
      ? await repo.updateWithBefore(tx, scope, id, rev, fields)
      : {
          before: (await repo.find(tx, scope, id))?.data,
          row: await repo.update(tx, scope, id, rev, fields),
        };
    return finishUpdate(tx, scope, def, id, written, audit);
  }
  const row = await repo.insert(tx, scope, id, fields);
  if (row) {
    await logChange(tx, scope, op, undefined, row, audit);
    return done(def, row, 'created');
  }
  const mine = await repo.find(tx, scope, id);
  throw conflict(def, mine ? toRecord(mine) : null);
}
