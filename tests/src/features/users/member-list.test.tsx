import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocalDb } from '@/data/db/local-db';
import { LocalDataContext } from '@/data/db/use-local-db';
import { clearSession, setSession } from '@/data/session/session-store';
import type { SyncEngine } from '@/data/sync/sync-engine';
import MemberListPage from '@/features/users/member-list-page';
import { session } from '../../fixtures';
import { renderUi } from '../../ui/resource/render-ui';

const DEPT = '0190a000-0000-7000-8000-00000000d001';
const ANN = '0190a000-0000-7000-8000-00000000e001';
const stamps = { rev: 2, createdAt: '2026-01-01', updatedAt: '2026-01-01', deletedAt: null };

async function setup(withDepartment = true) {
  setSession(session());
  const db = openLocalDb('c1', `u-${crypto.randomUUID()}`);
  await db
    .rows('User')
    .put({ ...stamps, id: ANN, employeeId: 'E-7', firstName: 'Ann', lastName: 'Lee', username: 'ann' });
  if (withDepartment)
    await db.rows('Department').put({ ...stamps, id: DEPT, name: 'Welding', roleId: null, memberIds: [ANN] });
  renderUi(
    <MemoryRouter>
      <LocalDataContext.Provider value={{ key: 'c1:u1', db, engine: {} as SyncEngine }}>
        <MemberListPage />
      </LocalDataContext.Provider>
    </MemoryRouter>,
  );
  return db;
}

afterEach(() => {
  cleanup();
  clearSession();
});

describe('member list', () => {
  it('says what to do before a group is chosen, and when there is none', async () => {
    const db = await setup(false);
    await screen.findByTestId('members-empty', {}, { timeout: 5_000 });
    await act(() =>
      db.rows('Department').put({ ...stamps, id: DEPT, name: 'Welding', roleId: null, memberIds: [] }),
    );
    await screen.findByTestId('members-hint');
    db.close();
  });

  it('asks before removing a member, then queues the new member list', async () => {
    const db = await setup();
    const select = await screen.findByRole('combobox', { name: 'Department or group' }, { timeout: 5_000 });
    await within(select).findByText('Welding');
    fireEvent.change(select, { target: { value: DEPT } });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Remove E-7 Ann Lee from Welding?');
    expect(await db.outbox.count()).toBe(0);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' })));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ op: 'update', recordId: DEPT, baseRev: 2 });
    expect(entry!.payload.memberIds).toEqual([]);
    db.close();
  });
});
