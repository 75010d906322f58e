import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FULL_ACCESS, NO_ACCESS, permissionsWith } from '#contract/permissions.ts';
import { OWN_ROLE_LOCKOUT, OWN_USER_LOCKOUT } from '#contract/resources/role.ts';
import { EMPLOYEE_ID_TAKEN, USERNAME_TAKEN } from '#contract/resources/user.ts';
import { testDb } from '#tests/src/data/fake-db.ts';
import { session } from '#tests/src/fixtures.ts';
import { clearSession, setSession } from '@/data/session/session-store';
import { roleView, userView } from '@/features/users/user-views';
import { recordRules } from '@/ui/resource/form/record-rules';
import { renderScreen } from '../render-ui';

const ADMIN_ROLE = '0190a000-0000-7000-8000-00000000a001';
const PLAIN_ROLE = '0190a000-0000-7000-8000-00000000a002';
const ME = '0190a000-0000-7000-8000-00000000b001';
const stamps = { rev: 1, createdAt: '2026-01-01', updatedAt: '2026-01-01', deletedAt: null };
const admin = permissionsWith(() => FULL_ACCESS);
const plain = permissionsWith(() => NO_ACCESS);

async function seeded() {
  const db = testDb();
  await db.rows('Role').bulkPut([
    { ...stamps, id: ADMIN_ROLE, name: 'Administrator', permissions: admin, isDefault: false },
    { ...stamps, id: PLAIN_ROLE, name: 'Employee', permissions: plain, isDefault: true },
  ]);
  await db.rows('User').put({
    ...stamps,
    id: ME,
    employeeId: 'A-001',
    username: 'Admin',
    roleId: ADMIN_ROLE,
    active: true,
  });
  return db;
}

afterEach(() => {
  cleanup();
  clearSession();
});

describe('rules a form checks against the local rows before saving', () => {
  it('finds a taken employee ID or username, ignoring case and spaces, but not the record itself', async () => {
    const db = await seeded();
    const other = crypto.randomUUID();
    expect(await recordRules(db, userView, other, { employeeId: ' a-001 ', username: 'ADMIN' }, ME)).toEqual({
      employeeId: EMPLOYEE_ID_TAKEN,
      username: USERNAME_TAKEN,
    });
    expect(
      await recordRules(
        db,
        userView,
        ME,
        { employeeId: 'A-001', username: 'admin', roleId: ADMIN_ROLE, active: true },
        ME,
      ),
    ).toEqual({});
    await db.rows('User').update(ME, { deletedAt: '2026-02-01' });
    expect(await recordRules(db, userView, other, { employeeId: 'A-001', username: 'admin' }, null)).toEqual(
      {},
    );
    db.close();
  });

  it('stops the admin taking user management from their own role or their own user', async () => {
    const db = await seeded();
    expect(
      await recordRules(db, roleView, ADMIN_ROLE, { name: 'Administrator', permissions: plain }, ME),
    ).toEqual({
      permissions: OWN_ROLE_LOCKOUT,
    });
    expect(await recordRules(db, roleView, PLAIN_ROLE, { name: 'Employee', permissions: plain }, ME)).toEqual(
      {},
    );
    const self = { employeeId: 'A-001', username: 'admin', roleId: PLAIN_ROLE, active: true };
    expect(await recordRules(db, userView, ME, self, ME)).toEqual({ roleId: OWN_USER_LOCKOUT });
    db.close();
  });

  it('shows a taken role name in the form, translated, and queues nothing', async () => {
    setSession(session({ userID: ME }));
    const db = await seeded();
    renderScreen(roleView, db);
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const form = await screen.findByTestId('resource-form');
    fireEvent.change(form.querySelector('[name=name]')!, { target: { value: 'employee' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    await within(form).findByText('A role with this name already exists.');
    expect(await db.outbox.count()).toBe(0);
    await waitFor(async () => expect(await db.rows('Role').count()).toBe(2));
    db.close();
  });
});
