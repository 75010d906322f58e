import { v7 as uuidv7 } from 'uuid';
import type { Mutation } from '#contract/sync.ts';
import { bearer, type TestApp } from './helpers.ts';

type Action = 'List' | 'Get' | 'Create' | 'Update' | 'Delete';

/** Direct calls of the generic routes: `POST /api/v1/{Resource}/{Action}`. */
export function resourceClient(t: TestApp, token: string) {
  const call = (resource: string, action: Action, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${resource}/${action}`,
      headers: { ...bearer(token), ...headers },
      payload,
    });
  const push = (mutations: Mutation[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v6/Sync/Push',
      headers: bearer(token),
      payload: { mutations },
    });
  const pull = (cursors: Record<string, string>, limit?: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v6/Sync/Pull',
      headers: bearer(token),
      payload: { cursors, limit },
    });
  return { call, push, pull };
}

let day = 0;
export const faqInput = (over: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  question: 'How do I reset my password?',
  answer: 'Use "Forgot password" on the sign-in page.',
  sendDate: `2030-01-${String((day++ % 28) + 1).padStart(2, '0')}`,
  ...over,
});

export const mutation = (
  resource: string,
  op: Mutation['op'],
  payload: Record<string, unknown>,
  id = uuidv7(),
): Mutation => ({ id, resource, op, payload });
