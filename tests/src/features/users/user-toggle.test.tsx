import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FULL_ACCESS, permissionsWith } from '#contract/permissions.ts';
import { clearSession, setSession } from '@/data/session/session-store';
import { userView } from '@/features/users/user-views';
import { testDb } from '../../data/fake-db';
import { session } from '../../fixtures';
import { renderScreen } from '../../ui/resource/render-ui';

const ROLE = '0190a000-0000-7000-8000-00000000c001';
const ME = '0190a000-0000-7000-8000-00000000c101';
const OTHER = '0190a000-0000-7000-8000-00000000c102';
const stamps = { rev: 3, createdAt: '2026-01-01', updatedAt: '2026-01-01', deletedAt: null };
const person = (id: string, n: number, active: boolean) => ({
  ...stamps,
  id,
  employeeId: `E-${n}`,
  prefix: null,
  firstName: `First${n}`,
  lastName: 'Dee',
  email: `u${n}@demo.test`,
  phone: '0812345678',
  username: `user${n}`,
  gender: null,
  departmentId: null,
  roleId: ROLE,
  active,
  lineId: '',
  userType: 'user',
});

async function seeded(otherActive = true) {
  const db = testDb();
  const permissions = permissionsWith(() => FULL_ACCESS);
  await db.rows('Role').put({ ...stamps, id: ROLE, name: 'Admin', permissions, isDefault: false });
  await db.rows('User').bulkPut([person(ME, 1, true), person(OTHER, 2, otherActive)]);
  return db;
}

afterEach(() => {
  cleanup();
  clearSession();
});

describe('activating and deactivating from the user list', () => {
  it('asks before deactivating, then queues one update of the active flag', async () => {
    setSession(session({ userID: ME }));
    const db = await seeded();
    renderScreen(userView, db);
    const toggle = await screen.findByRole('checkbox', { name: 'Active: user2' }, { timeout: 5_000 });
    await act(async () => fireEvent.click(toggle));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Deactivate user2?');
    expect(await db.outbox.count()).toBe(0);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' })));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ op: 'update', recordId: OTHER, baseRev: 3 });
    expect(entry!.payload).toMatchObject({ active: false, username: 'user2', roleId: ROLE });
    expect((await db.rows('User').get(OTHER))?.active).toBe(false);
    await screen.findByText('user2 is deactivated.');
    db.close();
  });

  it('activates at once, and refuses to deactivate the admin themself', async () => {
    setSession(session({ userID: ME }));
    const db = await seeded(false);
    renderScreen(userView, db);
    await act(async () =>
      fireEvent.click(await screen.findByRole('checkbox', { name: 'Active: user2' }, { timeout: 5_000 })),
    );
    await waitFor(async () => expect((await db.rows('User').get(OTHER))?.active).toBe(true));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Active: user1' })));
    const dialog = await screen.findByTestId('confirm-dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' })));
    await screen.findByText('You cannot deactivate your own account.');
    expect((await db.rows('User').get(ME))?.active).toBe(true);
    expect(await db.outbox.count()).toBe(1);
    db.close();
  });
});
