import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let s: { token: string; userID: string; companyID: string };

beforeAll(async () => {
  t = await makeTestApp({ now: () => new Date('2030-01-15T09:00:00Z') });
  s = (await t.loginResponse('DEMO', 'admin', 'Admin@1234')).json().data;
});
afterAll(() => t?.close());

const list = (extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v3/Notification/GetNotificationFromWeb',
    headers: bearer(s.token),
    payload: { companyId: s.companyID, userId: s.userID, ...extra },
  });
const unreadCount = async () =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/v3/Notification/GetUnreadCount',
      headers: bearer(s.token),
      payload: { companyId: s.companyID, userId: s.userID },
    })
  ).json().data.unread;

describe('notifications', () => {
  it('lists newest first with total and unread, paged by offset and limit', async () => {
    const all = (await list()).json().data;
    expect(all.total).toBe(6);
    expect(all.unread).toBe(3);
    expect(all.items[0].title).toBe('Event tomorrow: Fire drill');
    const dates = all.items.map((n: { createdAt: string }) => n.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const page = (await list({ offset: 2, limit: 2 })).json().data;
    expect(page.items.map((n: { id: string }) => n.id)).toEqual(
      all.items.slice(2, 4).map((n: { id: string }) => n.id),
    );
    expect(page.total).toBe(6);
  });

  it('filters by date, a date-only end including its whole day', async () => {
    const res = (await list({ startDate: '2030-01-13', endDate: '2030-01-14' })).json().data;
    expect(res.items.map((n: { title: string }) => n.title)).toEqual([
      'Quiz results ready',
      'Course "Workplace Safety 101" ends soon',
    ]);
  });

  it('marks one read and the unread count follows', async () => {
    const first = (await list()).json().data.items[0];
    expect(first.watchFlag).toBe(false);
    const before = await unreadCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/Notification/MarkRead',
      headers: bearer(s.token),
      payload: { id: first.id },
    });
    expect(res.json().status).toBe(0);
    expect(await unreadCount()).toBe(before - 1);
    expect((await list()).json().data.items[0].watchFlag).toBe(true);
  });
});
