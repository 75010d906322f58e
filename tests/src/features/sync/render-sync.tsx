import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { RESOURCE_VIEWS } from '@/app/resource-views';
import { system } from '@/app/theme';
import type { LocalDb } from '@/data/db/local-db';
import { LocalDataContext } from '@/data/db/use-local-db';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { createSyncStateStore, type SyncState } from '@/data/sync/sync-state';
import { ResourceViewsProvider } from '@/ui/resource/view-registry';
import { Toaster } from '@/ui/toaster';

/** An engine double: a real state store and database, syncNow/stop as spies. */
export function stubEngine(db: LocalDb, state: Partial<SyncState> = {}): SyncEngine {
  const store = createSyncStateStore();
  store.set(state);
  return {
    db,
    state: store,
    start: vi.fn(),
    stop: vi.fn(async () => undefined),
    syncNow: vi.fn(async () => undefined),
    resumeAfterSignIn: vi.fn(async () => undefined),
  };
}

export const renderWithEngine = (node: ReactNode, engine: SyncEngine | null) =>
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <ResourceViewsProvider views={RESOURCE_VIEWS}>
            <LocalDataContext.Provider value={engine && { key: 'c1:u1', db: engine.db, engine }}>
              {node}
            </LocalDataContext.Provider>
          </ResourceViewsProvider>
        </MemoryRouter>
        <Toaster />
      </I18nProvider>
    </ChakraProvider>,
  );
