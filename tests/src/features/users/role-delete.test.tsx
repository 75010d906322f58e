import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_ACCESS, permissionsWith } from '#contract/permissions.ts';
import { roleView } from '@/features/users/user-views';
import { testDb } from '../../data/fake-db';
import { renderScreen } from '../../ui/resource/render-ui';

const meta = {
  rev: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
};
const role = (id: string, name: string) => ({
  ...meta,
  id,
  name,
  isDefault: false,
  permissions: permissionsWith(() => NO_ACCESS),
});
const USED = '0190a000-0000-7000-8000-000000000001';
const FREE = '0190a000-0000-7000-8000-000000000002';

async function deleteRole(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Delete ${name}` }));
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('role delete', () => {
  it('is refused with the counts while users or departments hold the role, and queues nothing', async () => {
    const db = testDb();
    await db.rows('Role').bulkPut([role(USED, 'Trainer'), role(FREE, 'Unused')]);
    await db
      .rows('User')
      .put({ ...meta, id: '0190a000-0000-7000-8000-0000000000aa', username: 'u', roleId: USED });
    await db
      .rows('Department')
      .put({ ...meta, id: '0190a000-0000-7000-8000-0000000000d1', name: 'D', roleId: USED });
    renderScreen(roleView, db);
    await deleteRole('Trainer');
    expect(
      await screen.findByText(
        'This role cannot be deleted: 1 user and 1 department still have it. Move them to another role first.',
      ),
    ).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.rows('Role').get(USED))?.deletedAt).toBeNull();

    await deleteRole('Unused');
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
  });
});
