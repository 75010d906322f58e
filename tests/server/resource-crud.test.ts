import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { makeTestApp, type TestApp } from './helpers.ts';
import { faqInput, resourceClient } from './resource-helpers.ts';

let t: TestApp;
let api: ReturnType<typeof resourceClient>;

beforeAll(async () => {
  t = await makeTestApp();
  api = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
});
afterAll(() => t?.close());

describe('generic CRUD (on Faq)', () => {
  it('creates with the client id at rev 1 and answers the contract record', async () => {
    const input = faqInput({ question: '  Trimmed?  ' });
    const res = await api.call('Faq', 'Create', input);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(STATUS.ok);
    expect(body.data).toMatchObject({ id: input.id, rev: 1, question: 'Trimmed?', deletedAt: null });
    expect(Date.parse(body.data.createdAt)).not.toBeNaN();
    const got = await api.call('Faq', 'Get', { id: input.id });
    expect(got.json().data).toEqual(body.data);
  });

  it('updates with the base rev and adds one to it; a stale rev gets 409 with the current record', async () => {
    const input = faqInput();
    await api.call('Faq', 'Create', input);
    const first = await api.call('Faq', 'Update', { ...input, answer: 'First edit.', rev: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ rev: 2, answer: 'First edit.' });
    const stale = await api.call('Faq', 'Update', { ...input, answer: 'Lost edit.', rev: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status).toBe(STATUS.conflict);
    expect(stale.json().data).toMatchObject({ id: input.id, rev: 2, answer: 'First edit.' });
  });

  it('answers 404 for updating, getting or deleting a record that does not exist', async () => {
    const id = uuidv7();
    expect((await api.call('Faq', 'Update', { ...faqInput({ id }), rev: 1 })).statusCode).toBe(404);
    expect((await api.call('Faq', 'Get', { id })).statusCode).toBe(404);
    const del = await api.call('Faq', 'Delete', { id });
    expect(del.statusCode).toBe(404);
    expect(del.json().status).toBe(STATUS.notFound);
  });

  it('soft-deletes into a tombstone (rev + 1), hidden from Get and List; a second delete is 404', async () => {
    const input = faqInput({ question: 'Soon deleted' });
    await api.call('Faq', 'Create', input);
    expect((await api.call('Faq', 'Delete', { id: input.id, rev: 2 })).statusCode).toBe(409);
    const del = await api.call('Faq', 'Delete', { id: input.id, rev: 1 });
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toMatchObject({ id: input.id, rev: 2 });
    expect(del.json().data.deletedAt).not.toBeNull();
    expect((await api.call('Faq', 'Get', { id: input.id })).statusCode).toBe(404);
    const list = await api.call('Faq', 'List', { search: 'Soon deleted' });
    expect(list.json().data.total).toBe(0);
    expect((await api.call('Faq', 'Delete', { id: input.id })).statusCode).toBe(404);
    expect((await api.call('Faq', 'Update', { ...input, rev: 2 })).statusCode).toBe(404);
  });

  it('refuses a create whose id exists with 409 and the current record, changing nothing', async () => {
    const input = faqInput();
    await api.call('Faq', 'Create', input);
    const again = await api.call('Faq', 'Create', { ...input, question: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().data).toMatchObject({ rev: 1, question: input.question });
  });

  it('answers 422 naming each wrong field and what to fix', async () => {
    const res = await api.call('Faq', 'Create', {
      id: 'not-a-uuid',
      question: '',
      answer: 'x',
      sendDate: 'x',
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.status).toBe(STATUS.validation);
    const paths = body.data.fields.map((f: { path: string }) => f.path).sort();
    expect(paths).toEqual(['id', 'question', 'sendDate']);
    expect(body.message).toContain('Please enter the question.');
    expect(body.message).toContain('Please choose the send date.');
  });

  it('replays a direct create with the same Idempotency-Key exactly once', async () => {
    const key = { 'idempotency-key': uuidv7() };
    const input = faqInput({ question: 'Idempotent create' });
    const first = await api.call('Faq', 'Create', input, key);
    const again = await api.call('Faq', 'Create', input, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const list = await api.call('Faq', 'List', { search: 'Idempotent create' });
    expect(list.json().data.total).toBe(1);
  });

  it('replays an update with the same Idempotency-Key without adding a revision', async () => {
    const input = faqInput();
    await api.call('Faq', 'Create', input);
    const key = { 'idempotency-key': uuidv7() };
    const first = await api.call('Faq', 'Update', { ...input, answer: 'Once.', rev: 1 }, key);
    const again = await api.call('Faq', 'Update', { ...input, answer: 'Once.', rev: 1 }, key);
    expect(again.json()).toEqual(first.json());
    expect((await api.call('Faq', 'Get', { id: input.id })).json().data.rev).toBe(2);
  });

  it('does not remember a refused keyed call: a corrected retry with the same key applies', async () => {
    const key = { 'idempotency-key': uuidv7() };
    const input = faqInput();
    expect((await api.call('Faq', 'Create', { ...input, question: '' }, key)).statusCode).toBe(422);
    const retry = await api.call('Faq', 'Create', input, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.question).toBe(input.question);
  });

  it('refuses a malformed Idempotency-Key with 422', async () => {
    const res = await api.call('Faq', 'Create', faqInput(), { 'idempotency-key': 'abc' });
    expect(res.statusCode).toBe(422);
  });
});
