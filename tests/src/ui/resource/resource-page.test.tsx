import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalDb } from '@/data/db/local-db';
import { LocalDataContext } from '@/data/db/use-local-db';
import { setSession } from '@/data/session/session-store';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { faqView } from '@/features/faq/faq-feature';
import { ResourcePage } from '@/ui/resource/resource-page';
import { testDb } from '../../data/fake-db';
import { permissionsWithout, session } from '../../fixtures';
import { renderUi } from './render-ui';

const page = (db: LocalDb) => (
  <LocalDataContext.Provider value={{ key: 'c1:u1', db, engine: {} as SyncEngine }}>
    <ResourcePage view={faqView} />
  </LocalDataContext.Provider>
);

afterEach(cleanup);

describe('resource page guard', () => {
  it('shows nothing of the list without read permission for its area', async () => {
    setSession(session({ permissions: permissionsWithout('community') }));
    const db = testDb();
    renderUi(page(db));
    await screen.findByTestId('no-access');
    expect(screen.queryByRole('heading', { name: 'Frequently asked questions' })).toBeNull();
    db.close();
  });

  it('shows the list with read permission', async () => {
    setSession(session());
    const db = testDb();
    renderUi(page(db));
    await screen.findByRole('heading', { name: 'Frequently asked questions' });
    await screen.findByText('No data available');
    db.close();
  });
});
