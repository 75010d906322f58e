import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneExpired, RETENTION } from '../../server/services/retention.ts';
import { makeTestApp, type TestApp } from './helpers.ts';
import { faqInput, resourceClient } from './resource-helpers.ts';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

describe('pruning bookkeeping rows', () => {
  it('keeps what still matters and removes what has outlived its use', async () => {
    const demo = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
    const mutation = { id: uuidv7(), resource: 'Faq', op: 'create' as const, payload: faqInput() };
    expect((await demo.push([mutation])).statusCode).toBe(200);
    await t.loginResponse('DEMO', 'admin', 'wrong-password');

    const none = await pruneExpired(t.app.db, new Date());
    expect(none).toMatchObject({ processedMutations: 0, sessions: 0, passwordResets: 0 });
    // A replay within the retention answers as the first time, without a second record.
    const replay = await demo.push([mutation]);
    expect(replay.json().data.results[0].httpStatus).toBe(200);

    const later = new Date(Date.now() + (RETENTION.processedMutationsDays + 1) * DAY);
    const pruned = await pruneExpired(t.app.db, later);
    expect(pruned.processedMutations).toBeGreaterThanOrEqual(1);
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);
    expect(pruned.loginAttempts).toBeGreaterThanOrEqual(1);
    // Even pruned, a replayed create is not applied twice: the record id is taken.
    const again = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
    const late = await again.push([mutation]);
    expect(late.json().data.results[0].httpStatus).not.toBe(200);
    const list = await again.call('Faq', 'List', { search: mutation.payload.question, per_page: 500 });
    expect(list.json().data.items.filter((f: { id: string }) => f.id === mutation.payload.id)).toHaveLength(
      1,
    );
  });
});
