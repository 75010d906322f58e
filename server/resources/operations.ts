import type { z } from 'zod';
import { deleteRequest } from '#contract/delete-request.ts';
import { STATUS } from '#contract/envelope.ts';
import type { ResourceDef } from '#contract/resource.ts';
import { ApiError, notFound } from '../lib/api-error.ts';
import { checkFileRefs } from './file-refs.ts';
import { type RecordOut, toRecord, zodInvalid } from './record-shape.ts';
import { repositoryFor } from './repository.ts';
import type { Scope, Tx } from './repository-types.ts';
import { rulesFor } from './resource-rules.ts';

export type Op = 'create' | 'update' | 'delete';
/** A successful effect; refusals are thrown as ApiError (and roll the transaction back). */
export type Outcome = { httpStatus: number; status: number; message: string; data: RecordOut };

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

/** Applies one create/update/delete inside the caller's transaction; the caller owns atomicity. */
export async function applyOp(
  tx: Tx,
  scope: Scope,
  def: ResourceDef,
  op: Op,
  payload: unknown,
): Promise<Outcome> {
  const repo = repositoryFor(scope.resource);
  const done = (row: Parameters<typeof toRecord>[0], verb: string) => ({
    httpStatus: 200,
    status: STATUS.ok,
    message: `${label(def)} ${verb}.`,
    data: toRecord(row),
  });
  if (op === 'delete') {
    const { id, rev } = parse<{ id: string; rev?: number }>(deleteRequest, payload);
    await repo.lockWrites(tx, scope);
    await rulesFor(scope.resource).beforeDelete?.(tx, scope, id);
    const row = await repo.remove(tx, scope, id, rev);
    return row ? done(row, 'deleted') : explainMiss(tx, scope, def, id);
  }
  const schema = op === 'create' ? def.create : def.update;
  const { id, rev, ...fields } = parse<Record<string, unknown> & { id: string; rev?: number }>(
    schema,
    payload,
  );
  await checkFileRefs(tx, def, scope.companyId, fields);
  await repo.lockWrites(tx, scope);
  const serverSet = await rulesFor(scope.resource).beforeSave?.(tx, scope, id, fields);
  if (serverSet) Object.assign(fields, serverSet);
  if (op === 'update') {
    const row = await repo.update(tx, scope, id, rev!, fields);
    return row ? done(row, 'updated') : explainMiss(tx, scope, def, id);
  }
  const row = await repo.insert(tx, scope, id, fields);
  if (row) return done(row, 'created');
  const mine = await repo.find(tx, scope, id);
  throw conflict(def, mine ? toRecord(mine) : null);
}
