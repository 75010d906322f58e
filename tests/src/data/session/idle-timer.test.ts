import { describe, expect, it, vi } from 'vitest';
import { IDLE_LOGOUT_MS } from '#contract/constants.ts';
import { createIdleTimer } from '@/data/session/idle-timer';

function fakeStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

function clock(start = Date.UTC(2025, 0, 1)) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe('createIdleTimer', () => {
  it('signs out after exactly 18,000,000 ms without activity, once', () => {
    const c = clock();
    const onIdle = vi.fn();
    const timer = createIdleTimer({ limitMs: IDLE_LOGOUT_MS, onIdle, now: c.now, storage: fakeStorage() });
    timer.recordActivity();
    c.advance(IDLE_LOGOUT_MS - 1);
    expect(timer.check()).toBe(false);
    c.advance(1);
    expect(timer.check()).toBe(true);
    timer.check();
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('restarts the count on activity', () => {
    const c = clock();
    const onIdle = vi.fn();
    const timer = createIdleTimer({
      limitMs: 1000,
      onIdle,
      now: c.now,
      storage: fakeStorage(),
      writeEveryMs: 0,
    });
    timer.recordActivity();
    c.advance(900);
    timer.recordActivity();
    c.advance(900);
    expect(timer.check()).toBe(false);
    c.advance(100);
    expect(timer.check()).toBe(true);
  });

  it('keeps a tab signed in while another tab sharing the storage is active', () => {
    const c = clock();
    const shared = fakeStorage();
    const onIdleA = vi.fn();
    const a = createIdleTimer({
      limitMs: 1000,
      onIdle: onIdleA,
      now: c.now,
      storage: shared,
      writeEveryMs: 0,
    });
    const b = createIdleTimer({
      limitMs: 1000,
      onIdle: vi.fn(),
      now: c.now,
      storage: shared,
      writeEveryMs: 0,
    });
    a.recordActivity();
    c.advance(800);
    b.recordActivity();
    c.advance(800);
    expect(a.check()).toBe(false);
    expect(onIdleA).not.toHaveBeenCalled();
  });

  it("learns of another tab's activity from a storage event", () => {
    const c = clock();
    const key = 'console.last-activity';
    const onIdle = vi.fn();
    // Separate storages: only the event carries the other tab's activity.
    const tab = createIdleTimer({ limitMs: 1000, onIdle, now: c.now, storage: fakeStorage(), key });
    tab.recordActivity();
    c.advance(900);
    tab.handleStorageEvent({ key, newValue: String(c.now()) });
    tab.handleStorageEvent({ key: 'unrelated', newValue: String(c.now() + 10_000) });
    c.advance(900);
    expect(tab.check()).toBe(false);
    c.advance(100);
    expect(tab.check()).toBe(true);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('signs out at once when the last activity stored by any tab is older than the limit', () => {
    const c = clock();
    const shared = fakeStorage();
    shared.setItem('console.last-activity', String(c.now() - IDLE_LOGOUT_MS - 5));
    const onIdle = vi.fn();
    createIdleTimer({ limitMs: IDLE_LOGOUT_MS, onIdle, now: c.now, storage: shared }).check();
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('throttles writes to shared storage but still counts every activity locally', () => {
    const c = clock();
    const shared = fakeStorage();
    const set = vi.spyOn(shared, 'setItem');
    const timer = createIdleTimer({
      limitMs: 10_000,
      onIdle: vi.fn(),
      now: c.now,
      storage: shared,
      writeEveryMs: 1000,
    });
    for (let i = 0; i < 10; i++) {
      timer.recordActivity();
      c.advance(50);
    }
    expect(set).toHaveBeenCalledTimes(1);
    expect(timer.lastActivity()).toBe(c.now() - 50);
  });
});
