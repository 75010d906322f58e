import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';
import { resourceClient } from './resource-helpers.ts';

// Client-chosen names select code (a resource, a sort field, a filter, a cursor): names that
// every plain object inherits must be refused like any unknown name, never resolve to
// Object.prototype (issue 15).
const INHERITED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

let t: TestApp;
let api: ReturnType<typeof resourceClient>;
let token: string;

beforeAll(async () => {
  t = await makeTestApp();
  token = await t.login('DEMO', 'admin', 'Admin@1234');
  api = resourceClient(t, token);
});
afterAll(() => t?.close());

/** The body as raw JSON, so a `__proto__` key is really sent. */
const raw = (url: string, json: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: json,
  });

describe.each(INHERITED)('the name %s', (name) => {
  it('as a Push resource: that mutation is refused as unknown (422), the batch goes on', async () => {
    const res = await api.push([
      { id: uuidv7(), resource: name, op: 'create', payload: { id: uuidv7() } },
      {
        id: uuidv7(),
        resource: 'Faq',
        op: 'create',
        payload: { id: uuidv7(), question: `Q ${name}`, answer: 'A', sendDate: '2030-01-01' },
      },
    ]);
    expect(res.statusCode).toBe(200);
    const [unknown, faq] = res.json().data.results;
    expect(unknown.httpStatus).toBe(422);
    expect(unknown.status).toBe(STATUS.validation);
    expect(unknown.message).toMatch(/resource/);
    expect(faq.httpStatus).toBe(200);
  });

  it('as a resource in the path: 404, no route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/${encodeURIComponent(name)}/List`,
      headers: bearer(token),
      payload: {},
    });
    expect(res.statusCode).toBe(404);
  });

  it('as a sort field: 422 naming the sortable fields', async () => {
    const res = await api.call('Faq', 'List', { sort: { field: name, dir: 'asc' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/Sort by one of/);
  });

  it('as a filter key: refused (4xx), never a server error or a match', async () => {
    const res = await raw('/api/v1/Faq/List', `{"filters":{"${name}":"x"}}`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('as a cursor name: answered as no such resource (nothing pulled for it)', async () => {
    const res = await raw('/api/v6/Sync/Pull', `{"cursors":{"${name}":""}}`);
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode === 200) {
      const changes = res.json().data.changes;
      expect(Object.keys(changes)).toEqual([]);
    }
  });
});
