import { z } from 'zod';
import { type Mutation, type mutationResult, pushResponse } from '#contract/sync.ts';
import { httpFetch, readEnvelope } from '@/data/http/http-client';

export type MutationResult = z.infer<typeof mutationResult>;

/**
 * The pull answer's frame. Its rows are only checked for an id and a rev where they are applied
 * (applyPull skips any other), not copied key by key here: a first sync brings thousands.
 */
const pullAnswer = z.object({
  changes: z.record(
    z.string(),
    z.object({
      rows: z.array(
        z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v)),
      ),
      cursor: z.string(),
      more: z.boolean(),
    }),
  ),
});
export type PullResponse = z.infer<typeof pullAnswer>;

/**
 * What the sync engine talks to; `httpTransport` in the app, a fake server in tests. A whole
 * request that fails throws ApiError (http-client.ts): httpStatus 0 when no answer came.
 */
export interface Transport {
  push(mutations: Mutation[], signal: AbortSignal): Promise<{ results: MutationResult[] }>;
  pull(cursors: Record<string, string>, limit: number, signal: AbortSignal): Promise<PullResponse>;
}

export interface HttpTransportOptions {
  getToken: () => string | null;
  fetch?: typeof fetch;
  baseUrl?: string;
}

export function httpTransport({ getToken, fetch, baseUrl = '/api/v6/Sync' }: HttpTransportOptions) {
  async function call<S extends z.ZodType>(action: string, body: unknown, schema: S, signal: AbortSignal) {
    const res = await httpFetch(
      `${baseUrl}/${action}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        cache: 'no-store',
      },
      { token: getToken, fetch, signal },
    );
    return readEnvelope(res, schema);
  }
  const transport: Transport = {
    push: (mutations, signal) => call('Push', { mutations }, pushResponse, signal),
    pull: (cursors, limit, signal) => call('Pull', { cursors, limit }, pullAnswer, signal),
  };
  return transport;
}
