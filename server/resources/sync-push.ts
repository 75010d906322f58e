import { STATUS } from '#contract/envelope.ts';
import { can, type Permissions } from '#contract/permissions.ts';
import { findResource, RESOURCE_NAMES } from '#contract/registry.ts';
import type { ResourceDef } from '#contract/resource.ts';
import type { Mutation } from '#contract/sync.ts';
import type { Db } from '../db/client.ts';
import { ApiError } from '../lib/api-error.ts';
import { type Answer, once } from './idempotency.ts';
import { applyOp } from './operations.ts';
import { invalid } from './record-shape.ts';

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

async function applyOne(db: Db, caller: Caller, m: Mutation): Promise<Answer> {
  const def = findResource(m.resource) as ResourceDef | undefined;
  if (!def) throw invalid([{ path: 'resource', message: `Use one of: ${RESOURCE_NAMES.join(', ')}` }]);
  if (!can(caller.permissions, def.area, m.op)) {
    throw new ApiError(
      403,
      STATUS.forbidden,
      'Your role does not allow this. Ask an administrator for access.',
    );
  }
  const { companyId, userId, serialWrites, ip, now } = caller;
  const scope = { companyId, userId, resource: m.resource, serialWrites, ip, now, origin: m.origin };
  const key = { companyId: caller.companyId, id: m.id, resource: m.resource };
  return once(db, key, (tx) => applyOp(tx, scope, def, m.op, m.payload));
}

/**
 * Ordered: mutations are applied one after another, each in its own savepoint of ONE transaction
 * for the whole batch, with its id as idempotency key (see `once`). A refused mutation rolls back
 * to its savepoint only: its effect is undone, the others stand. Only successes are stored. After
 * a mutation on a record fails, later ones on that record in this batch answer 424 and are neither
 * applied nor stored. Nothing is acknowledged before the batch commits (the answer is sent after
 * it), so a crash mid-batch loses only unacknowledged work, which the client sends again; and one
 * commit per batch instead of one per mutation is what makes a drain of queued edits fast.
 */
export async function pushMutations(db: Db, caller: Caller, mutations: Mutation[], log: Log) {
  return db.transaction(async (tx) => {
    const batch = tx as unknown as Db;
    const failed = new Set<string>();
    const results: MutationResult[] = [];
    for (const m of mutations) {
      const recordKey = typeof m.payload.id === 'string' ? `${m.resource}:${m.payload.id}` : null;
      let answer: Answer;
      if (recordKey && failed.has(recordKey)) answer = skipped;
      else {
        try {
          answer = await applyOne(batch, caller, m);
        } catch (err) {
          if (!(err instanceof ApiError)) log.error({ err, mutation: m.id }, 'push mutation failed');
          answer =
            err instanceof ApiError
              ? refusal(err)
              : {
                  httpStatus: 500,
                  status: STATUS.server,
                  message: 'Something went wrong on our side.',
                  data: null,
                };
        }
      }
      if (recordKey && (answer.httpStatus < 200 || answer.httpStatus >= 300)) failed.add(recordKey);
      results.push({ id: m.id, ...answer });
    }
    return results;
  });
}
