import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_ACCESS, NO_ACCESS, type Permissions } from '#contract/permissions.ts';
import { CONTENT_TOPIC_MISSING } from '#contract/resources/content.ts';
import { STORE_ALREADY_ADDED, STORE_READ_ONLY } from '#contract/resources/store-item.ts';
import { files, storeAdditions } from '../../server/db/schema.ts';
import { ROLE_PERMISSIONS } from '../../server/db/seed-data.ts';
import { STORE_ARTICLES, STORE_MEDIA } from '../../server/db/seed-store.ts';
import { fileIdOf } from '../../server/resources/file-refs.ts';
import { publishStoreItem } from '../../server/services/store-items.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';
import { resourceClient } from './resource-helpers.ts';

let t: TestApp;
let demo: ReturnType<typeof resourceClient>;
let acme: ReturnType<typeof resourceClient>;
let demoToken: string;
let acmeToken: string;
const MP3 = readFileSync(new URL('../fixtures/media/sound-2s.mp3', import.meta.url));
const SOUND_ID = '019a0000-0000-7000-8000-0000000000a1';
const SOUND_PATH = randomUUID();

const add = (token: string, body: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/StoreItem/AddToLibrary',
    headers: { ...bearer(token), ...headers },
    payload: body,
  });

async function topicOf(api: ReturnType<typeof resourceClient>, title: string) {
  const id = uuidv7();
  const res = await api.call('Topic', 'Create', { id, title });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await makeTestApp();
  demoToken = await t.login('DEMO', 'admin', 'Admin@1234');
  acmeToken = await t.login('ACME', 'admin', 'Admin@1234');
  demo = resourceClient(t, demoToken);
  acme = resourceClient(t, acmeToken);
  // A sound in the store, published like the seed's articles (its bytes in the file store).
  await t.app.fileStore.write(SOUND_PATH, MP3);
  await t.app.db.transaction((tx) =>
    publishStoreItem(tx, {
      id: SOUND_ID,
      kind: 'Sound',
      title: 'Morning safety briefing',
      minutes: 2,
      file: { storagePath: SOUND_PATH, fileName: 'briefing.mp3', size: MP3.length, head: MP3 },
    }),
  );
});
afterAll(() => t?.close());

describe('content store', () => {
  it('lists the same seeded catalogue to DEMO and ACME, searchable, and pulls it', async () => {
    for (const api of [demo, acme]) {
      const res = await api.call('StoreItem', 'List', { per_page: 100 });
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().data.items as { id: string; kind: string; body: string; cover: string }[];
      expect(items.map((i) => i.id).sort()).toEqual(
        [...STORE_ARTICLES.map((a) => a.id), ...STORE_MEDIA.map((m) => m.id), SOUND_ID].sort(),
      );
      const article = items.find((i) => i.id === STORE_ARTICLES[0].id)!;
      expect(article.kind).toBe('Article');
      expect(article.body).toContain('lift');
      expect(article.cover).toMatch(/^\/files\//);
      const found = await api.call('StoreItem', 'List', { search: '8D report' });
      expect(found.json().data.items.map((i: { title: string }) => i.title)).toEqual([
        'Writing a good 8D report',
      ]);
      const got = await api.call('StoreItem', 'Get', { id: SOUND_ID });
      expect(got.json().data.title).toBe('Morning safety briefing');
      const pulled = (await api.pull({ StoreItem: '' })).json().data.changes.StoreItem;
      expect(pulled.rows).toHaveLength(STORE_ARTICLES.length + STORE_MEDIA.length + 1);
      const again = (await api.pull({ StoreItem: pulled.cursor })).json().data.changes.StoreItem;
      expect(again.rows).toEqual([]);
    }
    // The platform's cover file opens for a signed-in user of any company.
    const items = (await demo.call('StoreItem', 'List', {})).json().data.items as { cover: string }[];
    const cover = items.find((i) => i.cover)!.cover;
    const served = await t.app.inject({ method: 'GET', url: cover, headers: bearer(demoToken) });
    expect(served.statusCode).toBe(200);
  });

  it('refuses every write to the store with 403, through the API and through sync', async () => {
    const id = STORE_ARTICLES[0].id;
    const current = (await demo.call('StoreItem', 'Get', { id })).json().data;
    const fresh = { id: uuidv7(), kind: 'Article', title: 'Mine', body: 'x' };
    for (const [action, payload] of [
      ['Create', fresh],
      ['Update', { ...current, title: 'Hijacked' }],
      ['Delete', { id }],
    ] as const) {
      const res = await demo.call('StoreItem', action, payload);
      expect(res.statusCode, `${action}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe(STORE_READ_ONLY);
    }
    const pushed = await demo.push([
      { id: uuidv7(), resource: 'StoreItem', op: 'update', payload: { ...current, title: 'Hijacked' } },
      { id: uuidv7(), resource: 'StoreItem', op: 'delete', payload: { id: STORE_ARTICLES[4].id } },
      { id: uuidv7(), resource: 'StoreItem', op: 'create', payload: fresh },
    ]);
    expect(pushed.json().data.results).toHaveLength(3);
    for (const r of pushed.json().data.results) {
      expect(r.httpStatus).toBe(403);
      expect(r.message).toBe(STORE_READ_ONLY);
    }
    expect((await acme.call('StoreItem', 'Get', { id })).json().data.title).toBe(current.title);
  });

  it('adds an item to a topic once: the content has files of its own, a second add is 409', async () => {
    const topicId = await topicOf(demo, 'From the store');
    const item = STORE_ARTICLES[1];
    const key = uuidv7();
    const res = await add(demoToken, { storeItemId: item.id, topicId }, { 'idempotency-key': key });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data;
    expect(answer).toMatchObject({ storeItemId: item.id, resource: 'Article' });
    expect(answer.id).toBe(answer.contentId);
    const article = (await demo.call('Article', 'Get', { id: answer.contentId })).json().data;
    expect(article).toMatchObject({ title: item.title, topicId, body: item.body, minutes: item.minutes });
    const [storeCover] = (await demo.call('StoreItem', 'Get', { id: item.id }))
      .json()
      .data.cover.match(/[0-9a-f-]{36}/);
    const [own] = await t.app.db
      .select()
      .from(files)
      .where(eq(files.id, fileIdOf(article.cover)!));
    const [platform] = await t.app.db.select().from(files).where(eq(files.id, storeCover));
    expect(own.id).not.toBe(platform.id);
    expect(own.companyId).not.toBe('platform');
    expect(own.storagePath).toBe(platform.storagePath);
    expect(
      (await t.app.inject({ method: 'GET', url: article.cover, headers: bearer(demoToken) })).statusCode,
    ).toBe(200);

    // A retry with the same key answers the first answer; a new attempt is refused.
    const replay = await add(demoToken, { storeItemId: item.id, topicId }, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.contentId).toBe(answer.contentId);
    const second = await add(demoToken, { storeItemId: item.id, topicId });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(STORE_ALREADY_ADDED);
    expect(second.json().data.contentId).toBe(answer.contentId);
    const articles = (await demo.call('Article', 'List', { search: item.title })).json().data.items;
    expect(articles).toHaveLength(1);
    const additions = await t.app.inject({
      method: 'POST',
      url: '/api/v1/StoreItem/Additions',
      headers: bearer(demoToken),
      payload: {},
    });
    expect(additions.json().data).toEqual([expect.objectContaining({ storeItemId: item.id })]);

    // ACME adds the same item independently; its additions do not show DEMO's.
    const acmeTopic = await topicOf(acme, 'Store shelf');
    expect((await add(acmeToken, { storeItemId: item.id, topicId: acmeTopic })).statusCode).toBe(200);
    const rows = await t.app.db.select().from(storeAdditions).where(eq(storeAdditions.storeItemId, item.id));
    expect(rows).toHaveLength(2);
  });

  it('copies a sound with its own file row and the size of the file', async () => {
    const topicId = await topicOf(demo, 'Listen');
    const res = await add(demoToken, { storeItemId: SOUND_ID, topicId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.resource).toBe('Sound');
    const sound = (await demo.call('Sound', 'Get', { id: res.json().data.contentId })).json().data;
    // Minutes come from the sound itself (2 s: 1 minute), not from the catalogue's figure.
    expect(sound).toMatchObject({ title: 'Morning safety briefing', fileSize: MP3.length, minutes: 1 });
    const [own] = await t.app.db
      .select()
      .from(files)
      .where(and(eq(files.id, fileIdOf(sound.file)!)));
    expect(own).toMatchObject({ storagePath: SOUND_PATH, mimeType: 'audio/mpeg', kind: 'audio' });
    expect(own.companyId).not.toBe('platform');
    expect(own.durationSeconds).toBeGreaterThan(1.5);
  });

  it("refuses another company's topic and a missing item, and adds nothing", async () => {
    const acmeTopic = await topicOf(acme, 'Not yours');
    const item = STORE_ARTICLES[2];
    const res = await add(demoToken, { storeItemId: item.id, topicId: acmeTopic });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields).toEqual([{ path: 'topicId', message: CONTENT_TOPIC_MISSING }]);
    const missing = await add(demoToken, { storeItemId: uuidv7(), topicId: acmeTopic });
    expect(missing.statusCode).toBe(404);
    const [row] = await t.app.db.select().from(storeAdditions).where(eq(storeAdditions.storeItemId, item.id));
    expect(row).toBeUndefined();
  });

  it('needs store read and library create: 403 otherwise', async () => {
    const roleId = (await demo.call('Role', 'List', {})).json().data.items[0].id as string;
    const topicId = await topicOf(demo, 'Guarded');
    const roleWith = async (name: string, store: boolean, libraryCreate: boolean) => {
      const base = ROLE_PERMISSIONS.Trainer;
      const permissions: Permissions = {
        ...base,
        areas: {
          ...base.areas,
          store: store ? FULL_ACCESS : NO_ACCESS,
          library: { ...FULL_ACCESS, create: libraryCreate },
        },
      };
      const id = uuidv7();
      expect(
        (await demo.call('Role', 'Create', { id, name, permissions, isDefault: false })).statusCode,
      ).toBe(200);
      const username = name.toLowerCase().replace(/\W/g, '');
      const user = {
        id: uuidv7(),
        employeeId: `E-${username}`,
        firstName: name,
        lastName: 'Tester',
        email: `${username}@demo.example`,
        phone: '0812345678',
        username,
        password: 'Secret@123',
        roleId: id,
      };
      const created = await demo.call('User', 'Create', user);
      expect(created.statusCode, created.body).toBe(200);
      return t.login('DEMO', username, 'Secret@123');
    };
    expect(roleId).toBeTruthy();
    const noStore = await roleWith('No store', false, true);
    const noCreate = await roleWith('Read only library', true, false);
    for (const token of [noStore, noCreate]) {
      const res = await add(token, { storeItemId: STORE_ARTICLES[3].id, topicId });
      expect(res.statusCode, res.body).toBe(403);
    }
    const list = await resourceClient(t, noStore).call('StoreItem', 'List', {});
    expect(list.statusCode).toBe(403);
    // Read without create still reads the store.
    expect((await resourceClient(t, noCreate).call('StoreItem', 'List', {})).statusCode).toBe(200);
  });
});
