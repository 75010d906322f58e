import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLocalDb } from '@/data/db/local-db';
import { LocalDataContext } from '@/data/db/use-local-db';
import { listEntries } from '@/data/outbox/outbox';
import { setSession } from '@/data/session/session-store';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { analyseFile } from '@/features/user-import/analyse-file';
import UserImportPage, { UserImport } from '@/features/user-import/user-import-page';
import { permissionsWithout, session } from '../../fixtures';
import { renderUi } from '../../ui/resource/render-ui';
import { DEPT, HEADER, person, ROLE, sheetBytes } from './import-fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function setup() {
  const db = openLocalDb('c1', `u-${crypto.randomUUID()}`);
  await db.table('Role').put({ ...ROLE, deletedAt: null });
  await db.table('Department').put({ ...DEPT, deletedAt: null });
  renderUi(
    <MemoryRouter>
      <LocalDataContext.Provider value={{ key: 'c1:u1', db, engine: {} as SyncEngine }}>
        <UserImport analyse={async (req) => analyseFile(req)} />
      </LocalDataContext.Provider>
    </MemoryRouter>,
  );
  return db;
}

const choose = (name: string, bytes: ArrayBuffer) =>
  fireEvent.change(screen.getByTestId('import-file'), { target: { files: [new File([bytes], name)] } });

describe('user import page', () => {
  it('previews the counts and failing rows, writes nothing until confirmed, then imports', async () => {
    const db = await setup();
    choose('users.xlsx', sheetBytes([HEADER, person(1), person(2, { phone: '0812' }), person(3)]));
    expect(await screen.findByTestId('import-valid-count')).toHaveProperty('textContent', '2');
    expect(screen.getByTestId('import-invalid-count').textContent).toBe('1');
    expect(screen.getByText('employees will be added')).toBeTruthy();
    expect(screen.getByText('Telephone must have at least 10 digits.')).toBeTruthy();
    expect(await listEntries(db)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('import-confirm'));
    expect((await screen.findByTestId('import-added')).textContent).toBe('2 users added.');
    expect(await db.table('User').count()).toBe(2);
    expect((await listEntries(db)).map((e) => e.op)).toEqual(['create', 'create']);
    db.close();
  });

  it('refuses a file that is not .xlsx or .xls with a clear message', async () => {
    const db = await setup();
    choose('users.csv', new TextEncoder().encode('a,b').buffer as ArrayBuffer);
    expect((await screen.findByTestId('import-problem')).textContent).toContain(
      'Please choose an Excel file (.xlsx or .xls).',
    );
    db.close();
  });

  it('says the import is kept on the device and sent when online, while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const db = await setup();
    expect(screen.getByTestId('import-offline').textContent).toContain(
      'sent to the server when you are back online',
    );
    choose('users.xlsx', sheetBytes([HEADER, person(1)]));
    fireEvent.click(await screen.findByTestId('import-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('import-report').textContent).toContain('will be sent when online'),
    );
    db.close();
  });
});

describe('user import against the server copy', () => {
  it('syncs before the preview when online, so a user added elsewhere counts as existing', async () => {
    const db = openLocalDb('c1', `u-${crypto.randomUUID()}`);
    await db.table('Role').put({ ...ROLE, deletedAt: null });
    await db.table('Department').put({ ...DEPT, deletedAt: null });
    const syncNow = vi.fn(async () => {
      await db
        .table('User')
        .put({ id: crypto.randomUUID(), employeeId: 'E1', username: 'elsewhere', deletedAt: null });
    });
    renderUi(
      <MemoryRouter>
        <LocalDataContext.Provider value={{ key: 'c1:u1', db, engine: { syncNow } as unknown as SyncEngine }}>
          <UserImport analyse={async (req) => analyseFile(req)} />
        </LocalDataContext.Provider>
      </MemoryRouter>,
    );
    choose('users.xlsx', sheetBytes([HEADER, person(1), person(2)]));
    expect(await screen.findByTestId('import-valid-count')).toHaveProperty('textContent', '1');
    expect(syncNow).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('import-invalid-count').textContent).toBe('1');
    db.close();
  });
});

describe('user import route', () => {
  it('needs the create right of user management', async () => {
    setSession(session({ permissions: permissionsWithout('userManagement') }));
    renderUi(<UserImportPage />);
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });
});
