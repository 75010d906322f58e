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
import { applyOp, checkUpdate, finishUpdate, type Outcome } from './operations.ts';
import { invalid } from './record-shape.ts';
import { ensurePrepared, recordsRepository, updateManyWithBefore } from './records-repository.ts';
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

/** The mutation's resource, if the caller may apply this op to it. */
function allowed(caller: Caller, m: Mutation) {
  const def = findResource(m.resource) as ResourceDef | undefined;
  if (!def) throw invalid([{ path: 'resource', message: `Use one of: ${RESOURCE_NAMES.join(', ')}` }]);
  if (!can(caller.permissions, def.area, m.op)) {
    throw new ApiError(
      403,
      STATUS.forbidden,
      'Your role does not allow this. Ask an administrator for access.',
    );
  }
  return def;
}

function scopeOf(caller: Caller, m: Mutation) {
  const { companyId, userId, serialWrites, prepared, ip, now } = caller;
  return {
    ...{ companyId, userId, resource: m.resource, serialWrites, prepared },
    ...{ ip, now, origin: m.origin },
  };
}

const keyOf = (caller: Caller, m: Mutation) => ({
  companyId: caller.companyId,
  id: m.id,
  resource: m.resource,
});

/**
 * The answer to a mutation that threw (after its savepoint, if any, was rolled back). Unguarded,
 * only a refusal of ours is known to have written nothing and left the transaction usable;
 * anything else starts the batch over with every mutation guarded.
 */
async function answerOf(batch: Batch, key: IdempotencyKey, guarded: boolean, err: unknown) {
  if (!guarded && !(err instanceof ApiError)) throw new Restart();
  // A replay usually fails (the id exists, the rev moved on) once a concurrent push of the same
  // mutation committed: that first answer stands.
  const prior = await storedAnswer(batch.tx, key).catch((e) => {
    if (guarded) return undefined;
    throw new Restart(undefined, { cause: e });
  });
  if (prior) return prior;
  throw err;
}

/** An outcome the batch keeps: its answer is stored and its log entries appended at the end. */
function keep(batch: Batch, key: IdempotencyKey, outcome: Outcome, entries: AuditWrite[]) {
  batch.audit.push(...entries);
  batch.applied.push({ key, answer: outcome });
  return outcome;
}

async function applyOne(batch: Batch, m: Mutation): Promise<Answer> {
  const { tx, caller } = batch;
  const def = allowed(caller, m);
  const key = keyOf(caller, m);
  const guarded = batch.guarded || needsSavepoint(m.resource);
  const entries: AuditWrite[] = [];
  if (guarded) await tx.execute(sql`savepoint push_mutation`);
  try {
    const outcome = await applyOp(tx, scopeOf(caller, m), def, m.op, m.payload, (_, e) => {
      entries.push(e);
    });
    return keep(batch, key, outcome, entries);
  } catch (err) {
    if (guarded) await tx.execute(sql`rollback to savepoint push_mutation`);
    return answerOf(batch, key, guarded, err);
  }
}

/**
 * An update that can share one statement with its neighbours (`updateManyWithBefore`): a record
 * of the generic table without rules, in the first attempt (no savepoints). Its checks only read,
 * and its write is one row of that statement, so applying it there is applying it alone.
 */
const sharesStatement = (batch: Batch, m: Mutation) =>
  !batch.guarded && m.op === 'update' && !!findResource(m.resource) && !needsSavepoint(m.resource);

type Waiting = {
  at: number;
  m: Mutation;
  def: ResourceDef;
  key: IdempotencyKey;
  w: Awaited<ReturnType<typeof checkUpdate>>;
};

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
  const recordKeyOf = (m: Mutation) =>
    typeof m.payload.id === 'string' ? `${m.resource}:${m.payload.id}` : null;
  const settle = (at: number, m: Mutation, answer: Answer) => {
    const ok = answer.httpStatus >= 200 && answer.httpStatus < 300;
    if (ok) appliedHere.set(m.id, answer);
    const recordKey = recordKeyOf(m);
    if (recordKey && !ok) failed.add(recordKey);
    results[at] = { id: m.id, ...answer };
  };
  const refused = (m: Mutation, err: unknown) => {
    if (err instanceof Restart) throw err;
    if (!(err instanceof ApiError)) log.error({ err, mutation: m.id }, 'push mutation failed');
    return err instanceof ApiError ? refusal(err) : failure;
  };

  // Checked updates of distinct records (and mutation ids) waiting to be written together. They
  // are written before any mutation that could see them: one of the same record or id, or one
  // applied alone. Answers keep the mutations' order.
  const waiting: Waiting[] = [];
  const waitingKeys = new Set<string>();
  const flush = async () => {
    const group = waiting.splice(0);
    waitingKeys.clear();
    if (!group.length) return;
    const [one] = group;
    // Alone, the usual statement (prepared on PGlite); otherwise one statement for all.
    const written = await (group.length === 1
      ? recordsRepository.updateWithBefore!(
          tx,
          scopeOf(batch.caller, one.m),
          one.w.id,
          one.w.rev,
          one.w.fields,
        ).then((w) => [w])
      : updateManyWithBefore(
          tx,
          caller,
          group.map(({ m, w }) => ({ resource: m.resource, id: w.id, baseRev: w.rev, data: w.fields })),
        )
    ).catch((e) => {
      throw new Restart(undefined, { cause: e });
    });
    for (const [k, { at, m, def, key, w }] of group.entries()) {
      let answer: Answer;
      try {
        const entries: AuditWrite[] = [];
        const scope = scopeOf(batch.caller, m);
        const outcome = await finishUpdate(tx, scope, def, w.id, written[k]!, (_, e) => {
          entries.push(e);
        });
        answer = keep(batch, key, outcome, entries);
      } catch (err) {
        answer = await answerOf(batch, key, false, err).catch((e) => refused(m, e));
      }
      settle(at, m, answer);
    }
  };

  for (const [at, m] of mutations.entries()) {
    const recordKey = recordKeyOf(m);
    const recordId = typeof m.payload.id === 'string' ? m.payload.id.toLowerCase() : null;
    if (waitingKeys.has(`mutation:${m.id}`) || waitingKeys.has(`record:${recordId}`)) await flush();
    const first = prior.get(m.id) ?? appliedHere.get(m.id);
    if (recordKey && failed.has(recordKey)) settle(at, m, skipped);
    else if (first) settle(at, m, first);
    else if (sharesStatement(batch, m)) {
      const key = keyOf(caller, m);
      try {
        const def = allowed(caller, m);
        const checked = await checkUpdate(tx, scopeOf(batch.caller, m), def, m.payload);
        waiting.push({ at, m, def, key, w: checked });
        waitingKeys.add(`mutation:${m.id}`);
        waitingKeys.add(`record:${checked.id.toLowerCase()}`);
      } catch (err) {
        settle(at, m, await answerOf(batch, key, false, err).catch((e) => refused(m, e)));
      }
    } else {
      await flush();
      settle(at, m, await applyOne(batch, m).catch((e) => refused(m, e)));
    }
  }
  await flush();
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
 * which the client sends again. One commit per batch, and consecutive updates of distinct
 * records written by one statement (`sharesStatement`, in order, as if one at a time), is what
 * makes a drain of queued edits fast.
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
