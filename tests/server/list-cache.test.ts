import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListCache } from '../../server/resources/list-cache.ts';
import { makeTestApp, type TestApp } from './helpers.ts';
import { faqInput, mutation, resourceClient } from './resource-helpers.ts';

// Lists are answered from a cache tagged with the resource's newest seq: every way a record
// changes must show in the next List at once, and one company's answer never reaches another.
let t: TestApp;
let demo: ReturnType<typeof resourceClient>;
let acme: ReturnType<typeof resourceClient>;

beforeAll(async () => {
  t = await makeTestApp();
  demo = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
  acme = resourceClient(t, await t.login('ACME', 'admin', 'Admin@1234'));
});
afterAll(() => t?.close());

type Faq = { id: string; rev: number; question: string };
const QUERY = { search: 'cache probe', per_page: 50 };
const questions = async (client = demo) => {
  const res = await client.call('Faq', 'List', QUERY);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return (res.json().data.items as Faq[]).map((f) => f.question).sort();
};

describe('List answers kept between writes', () => {
  it('shows a create, an update and a delete in the very next List, through the route and through Push', async () => {
    expect(await questions()).toEqual([]);
    expect(await questions()).toEqual([]); // a kept answer

    const a = faqInput({ question: 'cache probe A' });
    expect((await demo.call('Faq', 'Create', a)).statusCode).toBe(200);
    expect(await questions()).toEqual(['cache probe A']);

    const b = faqInput({ question: 'cache probe B' });
    await demo.push([mutation('Faq', 'create', b)]);
    expect(await questions()).toEqual(['cache probe A', 'cache probe B']);

    await demo.push([mutation('Faq', 'update', { ...a, question: 'cache probe A2', rev: 1 })]);
    expect(await questions()).toEqual(['cache probe A2', 'cache probe B']);

    expect((await demo.call('Faq', 'Delete', { id: b.id, rev: 1 })).statusCode).toBe(200);
    expect(await questions()).toEqual(['cache probe A2']);
  });

  it("never answers one company's List with another's kept answer", async () => {
    expect(await questions()).toEqual(['cache probe A2']);
    expect(await questions(acme)).toEqual([]);
    await acme.push([mutation('Faq', 'create', faqInput({ question: 'cache probe ACME' }))]);
    expect(await questions(acme)).toEqual(['cache probe ACME']);
    expect(await questions()).toEqual(['cache probe A2']);
  });

  it('keeps a bounded amount, dropping the least recently used', () => {
    const cache = new ListCache(10, 6);
    cache.set('a', 1, Buffer.from('aaaa'));
    cache.set('b', 1, Buffer.from('bbbb'));
    expect(cache.get('a', 1)?.toString()).toBe('aaaa'); // a is now the most recent
    cache.set('c', 1, Buffer.from('cccc')); // 12 bytes > 10: b goes
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)?.toString()).toBe('aaaa');
    expect(cache.get('a', 2)).toBeUndefined(); // another version: dropped
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('d', 1, Buffer.from('ddddddd')); // larger than one body may be
    expect(cache.get('d', 1)).toBeUndefined();
  });
});
