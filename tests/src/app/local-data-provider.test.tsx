import 'fake-indexeddb/auto';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalDataProvider } from '@/app/local-data-provider';
import { useLocalDb } from '@/data/db/use-local-db';
import { clearSession, setSession } from '@/data/session/session-store';
import { useSyncEngine } from '@/data/sync/use-sync-engine';
import { session } from '../fixtures';

function Probe() {
  const db = useLocalDb();
  const engine = useSyncEngine();
  return <output data-testid="probe">{db ? `${db.name}|${engine?.db === db}` : 'none'}</output>;
}
const probe = () => screen.getByTestId('probe').textContent;

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LocalDataProvider', () => {
  it('opens the signed-in user database with its engine, switches on user change and closes on sign-out', async () => {
    setSession(session({ companyID: 'c9', userID: 'u1' }));
    render(
      <LocalDataProvider>
        <Probe />
      </LocalDataProvider>,
    );
    expect(probe()).toBe('console:c9:u1|true');
    await act(async () => setSession(session({ companyID: 'c9', userID: 'u2' })));
    expect(probe()).toBe('console:c9:u2|true');
    await act(async () => clearSession());
    expect(probe()).toBe('none');
  });
});
