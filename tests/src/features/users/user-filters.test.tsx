import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userView } from '@/features/users/user-views';
import { exportTable, loadRefLabels } from '@/ui/resource/export/export-xlsx';
import { testDb } from '../../data/fake-db';
import { renderScreen } from '../../ui/resource/render-ui';

const ROLE = '0190a000-0000-7000-8000-000000000001';
const HR = '0190a000-0000-7000-8000-0000000000d1';
const base = {
  rev: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  prefix: null,
  lastName: 'Dee',
  phone: '0812345678',
  gender: null,
  roleId: ROLE,
  lineId: '',
  userType: 'user',
};
const user = (n: number, extra: Record<string, unknown>) => ({
  ...base,
  id: `0190a000-0000-7000-8000-0000000000${10 + n}`,
  employeeId: `E00${n}`,
  firstName: `First${n}`,
  email: `u${n}@demo.test`,
  username: `user${n}`,
  departmentId: null,
  active: true,
  ...extra,
});

describe('user list filters', () => {
  it('filters by state and by department from live rows', async () => {
    const db = testDb();
    await db.rows('Role').put({ ...base, id: ROLE, name: 'Employee', isDefault: true });
    await db
      .rows('Department')
      .put({ ...base, id: HR, name: 'Human Resources', roleId: null, memberIds: [] });
    await db
      .rows('User')
      .bulkPut([
        user(1, { departmentId: HR }),
        user(2, { active: false }),
        user(3, { departmentId: HR, active: false }),
      ]);
    renderScreen(userView, db);
    const bar = await screen.findByTestId('filter-bar');
    await screen.findByText('user3');
    expect(screen.getByText('user1')).toBeTruthy();
    fireEvent.change(within(bar).getByRole('combobox', { name: 'Active' }), { target: { value: 'false' } });
    await waitFor(() => expect(screen.queryByText('user1')).toBeNull());
    expect(screen.getByText('user2')).toBeTruthy();
    const dept = within(bar).getByRole('combobox', { name: 'Department' });
    await within(dept).findByText('Human Resources');
    fireEvent.change(dept, { target: { value: HR } });
    await waitFor(() => expect(screen.queryByText('user2')).toBeNull());
    expect(screen.getByText('user3')).toBeTruthy();
    // The department shows by name, not by id.
    expect(screen.getAllByText('Human Resources').length).toBeGreaterThan(1);
  });

  it('exports departments and roles by name, and a removed one as blank', async () => {
    const db = testDb();
    await db.rows('Role').put({ ...base, id: ROLE, name: 'Employee', isDefault: true });
    await db
      .rows('Department')
      .put({ ...base, id: HR, name: 'Human Resources', roleId: null, memberIds: [] });
    const rows = [user(1, { departmentId: HR }), user(2, { departmentId: 'gone-id' })];
    const table = exportTable(i18n, userView, rows, await loadRefLabels(db, userView));
    const col = (name: string) => table[0]!.indexOf(name);
    expect(col('Department')).toBeGreaterThan(-1);
    expect(table[1]![col('Department')]).toBe('Human Resources');
    expect(table[1]![col('Role')]).toBe('Employee');
    expect(table[2]![col('Department')]).toBe('');
    expect(table.flat().join(' ')).not.toContain(ROLE);
    db.close();
  });
});
