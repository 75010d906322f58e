import { sql } from 'drizzle-orm';
import { STATUS } from '#contract/envelope.ts';
import { can, type Permissions } from '#contract/permissions.ts';
import { findResource, RESOURCE_NAMES } from '#contract/registry.ts';
import type { ResourceDef } from '#contract/resource.ts';
import type { Mutation } from '#contract/sync.ts';
import type { Db } from '../db/client.ts';
import { ApiError } from '../lib/api-error.ts';
import { type AuditWrite, appendAuditMany } from '../services/audit-log.ts';
import {
  type Answer,
  type IdempotencyKey,
  storeAnswers,
  storedAnswer,
  storedAnswers,
} from './idempotency.ts';
import { applyOp, type Outcome } from './operations.ts';
import { invalid } from './record-shape.ts';
import { ensurePrepared, recordsRepository } from './records-repository.ts';
import { repositoryFor } from './repository.ts';
import { rulesFor } from './resource-rules.ts';

export type MutationResult = {
  id: string;
  httpStatus: number;
  status: number;
  message: string;
  data: unknown;
};
type Caller = {
  companyId: string;
  userId: string;
  permissions: Permissions;
  serialWrites: boolean;
  /** PGlite: run the records update as a prepared statement (records-repository.ts). */
  prepared?: boolean;
  ip?: string;
  now?: Date;
};
type Log = { error: (obj: object, msg: string) => void };

const refusal = (e: ApiError): Answer => ({
  httpStatus: e.httpStatus,
  status: e.status,
  message: e.message,
  data: e.data,
});
const skipped: Answer = {
  httpStatus: 424,
  status: STATUS.conflict,
  message: 'Not applied: an earlier change to this record in the same batch failed.',
  data: null,
};
const failure: Answer = {
  httpStatus: 500,
  status: STATUS.server,
  message: 'Something went wrong on our side.',
  data: null,
};

/** The batch must start over in a new transaction (see pushMutations). */
class Restart extends Error {}

/**
 * Whether a refusal of this write can leave a partial effect behind. A record of the generic
 * table without rules writes once, as its last step (one statement: all or nothing); any refusal
 * before it only read. Own tables and rules may write more than once, so they need a savepoint.
 */
const needsSavepoint = (resource: string) =>
  repositoryFor(resource) !== recordsRepository ||
  !!rulesFor(resource).beforeSave ||
  !!rulesFor(resource).beforeDelete;

type Batch = {
  tx: Db;
  caller: Caller;
  /** Every mutation in its own savepoint (the second attempt), not only those that need one. */
  guarded: boolean;
  audit: AuditWrite[];
  applied: { key: IdempotencyKey; answer: Outcome }[];
};

async function applyOne(batch: Batch, m: Mutation): Promise<Answer> {
  const def = findResource(m.resource) as ResourceDef | undefined;
  if (!def) throw invalid([{ path: 'resource', message: `Use one of: ${RESOURCE_NAMES.join(', ')}` }]);
  const { tx, caller } = batch;
  if (!can(caller.permissions, def.area, m.op)) {
    throw new ApiError(
      403,
      STATUS.forbidden,
      'Your role does not allow this. Ask an administrator for access.',
    );
  }
  const { companyId, userId, serialWrites, prepared, ip, now } = caller;
  const scope = {
    ...{ companyId, userId, resource: m.resource, serialWrites, prepared },
    ...{ ip, now, origin: m.origin },
  };
  const key = { companyId, id: m.id, resource: m.resource };
  const guarded = batch.guarded || needsSavepoint(m.resource);
  const entries: AuditWrite[] = [];
  if (guarded) await tx.execute(sql`savepoint push_mutation`);
  try {
    const outcome = await applyOp(tx, scope, def, m.op, m.payload, (_, e) => {
      entries.push(e);
    });
    batch.audit.push(...entries);
    batch.applied.push({ key, answer: outcome });
    return outcome;
  } catch (err) {
    // Unguarded, only a refusal of ours is known to have written nothing and left the
    // transaction usable; anything else starts the batch over with every mutation guarded.
    if (!guarded && !(err instanceof ApiError)) throw new Restart();
    if (guarded) await tx.execute(sql`rollback to savepoint push_mutation`);
    // A replay usually fails (the id exists, the rev moved on) once a concurrent push of the same
    // mutation committed: that first answer stands.
    const prior = await storedAnswer(tx, key).catch((e) => {
      if (guarded) return undefined;
      throw new Restart(undefined, { cause: e });
    });
    if (prior) return prior;
    throw err;
  }
}

async function applyBatch(tx: Db, caller: Caller, mutations: Mutation[], guarded: boolean, log: Log) {
  // The company's write lock once for the whole batch, before any savepoint (a rollback to one
  // keeps it), instead of once per mutation; held until the commit as before.
  if (!caller.serialWrites) await recordsRepository.lockWrites(tx, { ...caller, resource: '' });
  const batch: Batch = { tx, caller: { ...caller, serialWrites: true }, guarded, audit: [], applied: [] };
  const prior = await storedAnswers(
    tx,
    caller.companyId,
    mutations.map((m) => m.id),
  );
  const appliedHere = new Map<string, Answer>();
  const failed = new Set<string>();
  const results: MutationResult[] = [];
  for (const m of mutations) {
    const recordKey = typeof m.payload.id === 'string' ? `${m.resource}:${m.payload.id}` : null;
    let answer: Answer;
    const first = prior.get(m.id) ?? appliedHere.get(m.id);
    if (recordKey && failed.has(recordKey)) answer = skipped;
    else if (first) answer = first;
    else {
      try {
        answer = await applyOne(batch, m);
        if (answer.httpStatus >= 200 && answer.httpStatus < 300) appliedHere.set(m.id, answer);
      } catch (err) {
        if (err instanceof Restart) throw err;
        if (!(err instanceof ApiError)) log.error({ err, mutation: m.id }, 'push mutation failed');
        answer = err instanceof ApiError ? refusal(err) : failure;
      }
    }
    if (recordKey && (answer.httpStatus < 200 || answer.httpStatus >= 300)) failed.add(recordKey);
    results.push({ id: m.id, ...answer });
  }
  // Only successes are stored, and a key another push stored meanwhile means its answer wins.
  if (!(await storeAnswers(tx, batch.applied))) throw new Restart();
  await appendAuditMany(tx, batch.audit);
  return results;
}

/**
 * Ordered: mutations are applied one after another in ONE transaction for the whole batch, with
 * its id as idempotency key: a key already stored (this batch or an earlier one) answers its
 * first answer and changes nothing. A refused mutation leaves no effect, the others stand: it runs
 * in its own savepoint, rolled back on refusal, unless it cannot have written anything when
 * refused (`needsSavepoint`); an unexpected error there starts the batch over with a savepoint for
 * every mutation. Only successes are stored, with their activity log entries, in one statement
 * each before the commit. After a mutation on a record fails, later ones on that record in this
 * batch answer 424 and are neither applied nor stored. Nothing is acknowledged before the batch
 * commits (the answer is sent after it), so a crash mid-batch loses only unacknowledged work,
 * which the client sends again; and one commit and a few statements per mutation instead of a
 * commit each is what makes a drain of queued edits fast.
 */
export async function pushMutations(db: Db, caller: Caller, mutations: Mutation[], log: Log) {
  const prepared = !!caller.prepared && (await ensurePrepared(db));
  const who = { ...caller, prepared };
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => applyBatch(tx as unknown as Db, who, mutations, attempt > 0, log));
    } catch (err) {
      if (!(err instanceof Restart) || attempt >= 2) throw err;
    }
  }
}
