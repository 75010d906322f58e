import { z } from 'zod';
import { type Mutation, type mutationResult, PULL_NEXT_HEADER, pushResponse } from '#contract/sync.ts';
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
  /**
   * `onNext`: the next page's cursors, when the answer names them before its rows are read
   * (contract/sync.ts, PULL_NEXT_HEADER). The answer's own cursors stay the ones that count.
   */
  pull(
    cursors: Record<string, string>,
    limit: number,
    signal: AbortSignal,
    onNext?: (cursors: Record<string, string>) => void,
  ): Promise<PullResponse>;
}

const nextCursors = z.record(z.string(), z.string());

/** The next page's cursors from an answer's header, or null (none, or not readable). */
function readNext(res: Response): Record<string, string> | null {
  const header = res.ok ? res.headers.get(PULL_NEXT_HEADER) : null;
  if (!header) return null;
  try {
    const parsed = nextCursors.safeParse(JSON.parse(header));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface HttpTransportOptions {
  getToken: () => string | null;
  fetch?: typeof fetch;
  baseUrl?: string;
}

export function httpTransport({ getToken, fetch, baseUrl = '/api/v6/Sync' }: HttpTransportOptions) {
  async function call<S extends z.ZodType>(
    action: string,
    body: unknown,
    schema: S,
    signal: AbortSignal,
    onAnswer?: (res: Response) => void,
  ) {
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
    onAnswer?.(res);
    return readEnvelope(res, schema);
  }
  const transport: Transport = {
    push: (mutations, signal) => call('Push', { mutations }, pushResponse, signal),
    pull: (cursors, limit, signal, onNext) =>
      call('Pull', { cursors, limit }, pullAnswer, signal, (res) => {
        const next = onNext && readNext(res);
        if (next) onNext(next);
      }),
  };
  return transport;
}
