import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_URL_MESSAGE } from '#contract/resources/banner.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';
import { resourceClient } from './resource-helpers.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let api: ReturnType<typeof resourceClient>;
let imageUrl: string;
let acmeImageUrl: string;

const upload = async (token: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/File/UploadFileStringBase',
    headers: bearer(token),
    payload: { base64: PNG.toString('base64'), fileName: 'banner.png', kind: 'banner' },
  });
  return res.json().data.url as string;
};

beforeAll(async () => {
  t = await makeTestApp();
  const token = await t.login('DEMO', 'admin', 'Admin@1234');
  api = resourceClient(t, token);
  imageUrl = await upload(token);
  acmeImageUrl = await upload(await t.login('ACME', 'admin', 'Admin@1234'));
});
afterAll(() => t?.close());

const fieldsOf = (res: { json: () => { data: { fields: { path: string; message: string }[] } } }) =>
  res.json().data.fields;
const banner = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  title: 'Safety week',
  startAt: '2030-02-01T09:00:00+07:00',
  endAt: '2030-02-08T18:00:00+07:00',
  image: imageUrl,
  buttonName: 'Read more',
  action: 'link',
  linkUrl: 'https://example.com/safety',
  ...over,
});

describe('Banner', () => {
  it('saves a banner whose image is an uploaded file of the company', async () => {
    const res = await api.call('Banner', 'Create', banner());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ image: imageUrl, action: 'link' });
  });

  it("answers an invalid link with the spec's message", async () => {
    const res = await api.call('Banner', 'Create', banner({ linkUrl: 'javascript:alert(1)' }));
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toEqual([{ path: 'linkUrl', message: INVALID_URL_MESSAGE }]);
    expect(res.json().message).toContain('Invalid URL link, please enter again.');
  });

  it('wants the end after the start', async () => {
    const res = await api.call('Banner', 'Create', banner({ endAt: '2030-01-01T00:00:00Z' }));
    expect(fieldsOf(res)).toEqual([{ path: 'endAt', message: 'The end must be after the start.' }]);
  });

  it('refuses an image that was not uploaded, or was uploaded by another company', async () => {
    for (const image of [
      'https://elsewhere.example/cat.png',
      `/files/${crypto.randomUUID()}/x.png`,
      acmeImageUrl,
    ]) {
      const res = await api.call('Banner', 'Create', banner({ image }));
      expect(res.statusCode, image).toBe(422);
      expect(fieldsOf(res)).toEqual([{ path: 'image', message: 'Upload the file first' }]);
    }
  });
});

describe('Faq', () => {
  it('wants a calendar date as send date', async () => {
    const input = { id: crypto.randomUUID(), question: 'Q?', answer: 'A.' };
    const res = await api.call('Faq', 'Create', { ...input, sendDate: '2030-02-30T10:00' });
    expect(fieldsOf(res)).toEqual([{ path: 'sendDate', message: 'Please choose the send date.' }]);
    expect((await api.call('Faq', 'Create', { ...input, sendDate: '2030-02-28' })).statusCode).toBe(200);
  });
});

describe('Feedback', () => {
  it('accepts only its categories and statuses, and fills the defaults', async () => {
    const input = { id: crypto.randomUUID(), subject: 'Lights', message: 'Too dim' };
    const bad = await api.call('Feedback', 'Create', { ...input, category: 'rant', status: 'closed' });
    expect(fieldsOf(bad).map((f) => f.path)).toEqual(['category', 'status']);
    const ok = await api.call('Feedback', 'Create', input);
    expect(ok.json().data).toMatchObject({
      category: 'suggestion',
      status: 'new',
      reply: '',
      senderName: '',
    });
  });
});

describe('TypeOfContent and TypeOfKnowledge', () => {
  it('want a name and keep the two lists apart', async () => {
    for (const resource of ['TypeOfContent', 'TypeOfKnowledge']) {
      const empty = await api.call(resource, 'Create', { id: crypto.randomUUID(), name: '  ' });
      expect(fieldsOf(empty)).toEqual([{ path: 'name', message: 'Please enter a name.' }]);
      await api.call(resource, 'Create', { id: crypto.randomUUID(), name: `Only in ${resource}` });
    }
    const content = await api.call('TypeOfContent', 'List', { search: 'Only in' });
    expect(content.json().data.items.map((i: { name: string }) => i.name)).toEqual(['Only in TypeOfContent']);
  });
});

describe('OpenAPI', () => {
  it('documents every generic route with its schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const action of ['List', 'Get', 'Create', 'Update', 'Delete']) {
      expect(doc.paths[`/api/v1/Banner/${action}`]?.post, action).toBeDefined();
    }
    const create = doc.paths['/api/v1/Banner/Create'].post;
    expect(JSON.stringify(create.requestBody)).toContain('linkUrl');
    expect(create.parameters.map((p: { name: string }) => p.name)).toContain('idempotency-key');
    expect(doc.paths['/api/v6/Sync/Push']?.post).toBeDefined();
    expect(doc.paths['/api/v6/Sync/Pull']?.post).toBeDefined();
  });
});
