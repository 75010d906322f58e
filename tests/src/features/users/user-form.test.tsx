import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGE } from '#contract/resources/user.ts';
import { userView } from '@/features/users/user-views';
import { translateIssue } from '@/ui/form/validation-messages';
import { initialValues, PASSWORD_REQUIRED, toPayload, validatePayload } from '@/ui/resource/form/form-values';
import { ResourceForm } from '@/ui/resource/form/resource-form';
import { testDb } from '../../data/fake-db';
import { renderUi } from '../../ui/resource/render-ui';

const ROLE = '0190a000-0000-7000-8000-000000000001';
const ID = '0190a000-0000-7000-8000-0000000000aa';
const OTHER_ROLE = '0190a000-0000-7000-8000-000000000002';
const row = {
  id: ID,
  rev: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  employeeId: 'E001',
  prefix: 'Mr.',
  firstName: 'Somchai',
  lastName: 'Dee',
  email: 'somchai@demo.test',
  phone: '0812345678',
  username: 'somchai',
  password: 'leaked-if-shown',
  gender: 'male',
  departmentId: null,
  roleId: ROLE,
  active: true,
  lineId: '',
  userType: 'user',
};

describe('user form', () => {
  it('refuses a telephone with fewer than 10 digits with the contract message, translated', () => {
    const values = { ...initialValues(userView, row), phone: '081-234' };
    const errors = validatePayload(userView, ID, { ...toPayload(userView, values), password: 'Secret#123' });
    expect(errors.phone).toBe(PHONE_MESSAGE);
    expect(translateIssue(i18n, errors.phone!)).toBe('Telephone must have at least 10 digits.');
  });

  it('never fills the password from the record and sends none when left empty', () => {
    const values = initialValues(userView, row);
    expect(values.password).toBe('');
    const payload = toPayload(userView, values);
    expect('password' in payload && payload.password !== undefined).toBe(false);
    expect(payload.active).toBe(true);
    expect(payload.departmentId).toBeNull();
  });

  it('asks for a password on create', () => {
    const values = { ...initialValues(userView), employeeId: 'E2', firstName: 'A', lastName: 'B' };
    const errors = validatePayload(userView, ID, toPayload(userView, values), true);
    expect(errors.password).toBe(PASSWORD_REQUIRED);
    // On edit the empty password is fine: it is kept.
    expect(validatePayload(userView, ID, toPayload(userView, values), false).password).toBeUndefined();
  });

  it('shows an empty password field on edit with a "leave empty to keep" hint', async () => {
    const db = testDb();
    renderUi(<ResourceForm view={userView} db={db} row={row} onClose={() => undefined} />);
    const input = await waitFor(() => {
      const el = document.querySelector<HTMLInputElement>('input[name=password]');
      expect(el).toBeTruthy();
      return el!;
    });
    expect(input.type).toBe('password');
    expect(input.value).toBe('');
    expect(screen.getByText('Leave empty to keep the current password.')).toBeTruthy();
    expect(screen.queryByDisplayValue('leaked-if-shown')).toBeNull();
    expect((document.querySelector('input[name=employeeId]') as HTMLInputElement).value).toBe('E001');
  });
});

describe('a new user', () => {
  it("starts with the company's default role, and that is no unsaved change", async () => {
    const db = testDb();
    const stamps = { rev: 1, createdAt: '2026-01-01', updatedAt: '2026-01-01', deletedAt: null };
    await db.rows('Role').bulkPut([
      { ...stamps, id: ROLE, name: 'Admin', permissions: {}, isDefault: false },
      { ...stamps, id: OTHER_ROLE, name: 'Employee', permissions: {}, isDefault: true },
    ]);
    let closed = false;
    renderUi(<ResourceForm view={userView} db={db} row={null} onClose={() => (closed = true)} />);
    const role = await screen.findByRole('combobox', { name: 'Role' });
    await waitFor(() => expect((role as HTMLSelectElement).value).toBe(OTHER_ROLE));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(closed).toBe(true); // nothing to discard: the default is not the admin's edit
    expect(screen.queryByText('Discard changes?')).toBeNull();
  });
});

describe('user edits on this device', () => {
  it('an edit that leaves the password empty is stored and queued (the password is kept)', async () => {
    const { mutate } = await import('@/data/outbox/outbox');
    const db = testDb();
    const { password: _, ...stored } = row;
    await db.rows('User').put(stored);
    const payload = toPayload(userView, { ...initialValues(userView, stored), firstName: 'Somsak' });
    await mutate(db, { resource: 'User', op: 'update', payload: { ...payload, id: ID } });
    const saved = await db.rows('User').get(ID);
    expect(saved?.firstName).toBe('Somsak');
    expect(saved?.password).toBeUndefined();
    const [entry] = await db.outbox.toArray();
    expect(entry?.payload.password).toBeUndefined();
  });
});
