import { z } from 'zod';

/**
 * Sync protocol (v6). Pull: rows and tombstones changed since a per-resource cursor (a
 * server-assigned, strictly increasing sequence, so no change is skipped when two writes share
 * a timestamp). Push: mutations applied in order; each `id` is an idempotency key stored in the
 * same transaction as its effect, so a replay returns the first answer and changes nothing.
 */
export const pullRequest = z.object({
  cursors: z.record(z.string(), z.string()).default({}),
  limit: z.number().int().min(1).max(5000).default(1000),
});
/**
 * A pull answer with more to come also names the next page's cursors in this header (JSON, the
 * resources with `more` and their `cursor`, as in the body), so a client can ask for that page
 * while it still reads this one's rows.
 */
export const PULL_NEXT_HEADER = 'x-pull-next';

export const pullResponse = z.object({
  changes: z.record(
    z.string(),
    z.object({ rows: z.array(z.record(z.string(), z.unknown())), cursor: z.string(), more: z.boolean() }),
  ),
});

export const mutation = z.object({
  id: z.uuid(),
  resource: z.string().min(1),
  op: z.enum(['create', 'update', 'delete']),
  /** create/update: the record input; delete: { id, rev? }. */
  payload: z.record(z.string(), z.unknown()),
  /** Where the change came from when it was not typed in a form: a row of an Excel import. */
  origin: z.enum(['import']).optional(),
});
export type Mutation = z.infer<typeof mutation>;

export const pushRequest = z.object({ mutations: z.array(mutation).min(1).max(500) });

/** One result per mutation, in order. `httpStatus` tells the client to ack, park or retry. */
export const mutationResult = z.object({
  id: z.string(),
  httpStatus: z.number().int(),
  status: z.number().int(),
  message: z.string(),
  data: z.unknown().nullable(),
});
export const pushResponse = z.object({ results: z.array(mutationResult) });
