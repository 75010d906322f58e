import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LocalDb, openLocalDb } from '@/data/db/local-db';
import { readSyncContext, saveSyncContext } from '@/data/db/sync-context-db';
import { mutate, pendingCount } from '@/data/outbox/outbox';
import { getSession, setSession } from '@/data/session/session-store';
import { signOut } from '@/data/session/sign-out';
import { setSignOutEngine } from '@/data/session/sign-out-outbox';
import { SignOutDialog } from '@/features/sync/sign-out-dialog';
import { faq } from '../../data/fake-db';
import { engineSetup } from '../../data/fake-engine';
import { session } from '../../fixtures';
import { renderWithEngine } from './render-sync';

let db: LocalDb | undefined;
let running: { stop(): Promise<void> } | undefined;
afterEach(async () => {
  cleanup();
  await running?.stop();
  setSignOutEngine(null);
  db?.close();
  vi.unstubAllGlobals();
});

const cachedRow = (question: string) => ({
  id: crypto.randomUUID(),
  rev: 1,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  deletedAt: null,
  ...faq(question),
});

describe('sign-out with unsent changes', () => {
  it('says how many, tries to send them, and says they are kept when it cannot', async () => {
    const s = engineSetup({ isOnline: () => false });
    db = s.db;
    await mutate(s.db, { resource: 'Faq', op: 'create', payload: faq('A') });
    await mutate(s.db, { resource: 'Faq', op: 'create', payload: faq('B') });
    s.engine.start();
    running = s.engine;
    const onSignOut = vi.fn();
    renderWithEngine(
      <SignOutDialog engine={s.engine} count={2} onSignOut={onSignOut} onCancel={() => {}} />,
      null,
    );
    expect(screen.getByTestId('sign-out-sending').textContent).toBe(
      '2 changes are not synced yet. Sending them now…',
    );
    const kept = await screen.findByTestId('sign-out-kept');
    expect(kept.textContent).toMatch(/^2 changes could not be sent\. They will be kept on this device/);
    expect(onSignOut).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('sign-out-confirm'));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('signs out by itself once every change was sent', async () => {
    const s = engineSetup();
    db = s.db;
    s.engine.start();
    running = s.engine;
    await mutate(s.db, { resource: 'Faq', op: 'create', payload: faq('A') });
    const onSignOut = vi.fn();
    renderWithEngine(
      <SignOutDialog engine={s.engine} count={1} onSignOut={onSignOut} onCancel={() => {}} />,
      null,
    );
    await waitFor(() => expect(onSignOut).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(await pendingCount(s.db)).toBe(0);
    await s.engine.stop();
  });

  it('lets the admin stay signed in', async () => {
    const s = engineSetup({ isOnline: () => false });
    db = s.db;
    await mutate(s.db, { resource: 'Faq', op: 'create', payload: faq('A') });
    s.engine.start();
    running = s.engine;
    const onCancel = vi.fn();
    const onSignOut = vi.fn();
    renderWithEngine(
      <SignOutDialog engine={s.engine} count={1} onSignOut={onSignOut} onCancel={onCancel} />,
      null,
    );
    await screen.findByTestId('sign-out-kept');
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('signOut keeps only the outbox of this user and forgets the cached lists and the sync context', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const user = session({ userID: `u-${crypto.randomUUID()}` });
    setSession(user);
    const s = engineSetup({ db: openLocalDb(user.companyID, user.userID), isOnline: () => false });
    db = s.db;
    await saveSyncContext({ dbName: s.db.name, token: user.token });
    await s.db.rows('Faq').put(cachedRow('Cached'));
    const unsent = await mutate(s.db, { resource: 'Faq', op: 'create', payload: faq('Unsent') });
    s.engine.start();
    running = s.engine;
    setSignOutEngine(s.engine);
    await act(() => signOut({ kind: 'idle' }, { flushMs: 200 }));
    expect(getSession()).toBeNull();
    expect(s.engine.state.getSnapshot().leader).toBe(false);
    expect(await s.db.outbox.count()).toBe(1);
    expect((await s.db.rows('Faq').toArray()).map((r) => r.id)).toEqual([unsent.recordId]);
    expect(await readSyncContext()).toBeNull();
  });
});
