import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalDataProvider } from '@/app/local-data-provider';
import { holdLocalData, startLocalDataEarly } from '@/data/db/local-data';
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

  it('takes over the engine started right after sign-in, and the last holder closes the database', async () => {
    setSession(session({ companyID: 'c9', userID: 'u3' }));
    startLocalDataEarly();
    const early = holdLocalData('c9', 'u3'); // what the provider will find: the same engine
    let seen: ReturnType<typeof useSyncEngine> = null;
    function Grab() {
      seen = useSyncEngine();
      return null;
    }
    render(
      <LocalDataProvider>
        <Grab />
      </LocalDataProvider>,
    );
    expect(seen).toBe(early.data.engine);
    await early.data.db.open();
    await act(async () => clearSession()); // the provider lets go; this test still holds it
    expect(early.data.db.isOpen()).toBe(true);
    early.release();
    await vi.waitFor(() => expect(early.data.db.isOpen()).toBe(false));
    // A new hold after the last release opens a new database and engine.
    const again = holdLocalData('c9', 'u3');
    expect(again.data.engine).not.toBe(early.data.engine);
    again.release();
  });

  it('gives the screens the database opened before the first render from that render on', async () => {
    setSession(session({ companyID: 'c9', userID: 'u4' }));
    startLocalDataEarly();
    const seen: (ReturnType<typeof useSyncEngine> | null)[] = [];
    function Grab() {
      seen.push(useSyncEngine());
      return null;
    }
    render(
      <LocalDataProvider>
        <Grab />
      </LocalDataProvider>,
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((engine) => engine !== null)).toBe(true);
    expect(new Set(seen).size).toBe(1);
    await act(async () => clearSession());
  });
});
