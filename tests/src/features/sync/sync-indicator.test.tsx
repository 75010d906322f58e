import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { relativeTime } from '@/features/sync/relative-time';
import { SyncIndicator } from '@/features/sync/sync-indicator';
import { testDb } from '../../data/fake-db';
import { renderWithEngine, stubEngine } from './render-sync';

afterEach(cleanup);

describe('sync indicator', () => {
  it('says online and everything synced when nothing waits', () => {
    const engine = stubEngine(testDb(), { online: true });
    renderWithEngine(<SyncIndicator />, engine);
    const button = screen.getByTestId('sync-indicator');
    expect(button.getAttribute('aria-label')).toBe('Sync status: Online, everything is synced');
    expect(screen.queryByTestId('sync-pending-count')).toBeNull();
    expect(screen.queryByTestId('sync-attention-count')).toBeNull();
  });

  it('shows offline, the pending count and a warning for parked and conflicting changes', () => {
    const engine = stubEngine(testDb(), { online: false, pending: 3, parked: 1, conflicts: 1 });
    renderWithEngine(<SyncIndicator />, engine);
    expect(screen.getByTestId('sync-indicator').dataset.online).toBe('false');
    expect(within(screen.getByTestId('sync-indicator')).getByText('Offline')).toBeTruthy();
    expect(screen.getByTestId('sync-pending-count').textContent).toBe('3');
    expect(screen.getByTestId('sync-attention-count').textContent).toBe('2');
    expect(screen.getByTestId('sync-announcer').textContent).toBe(
      'Offline, 3 changes not synced yet, 2 changes need attention',
    );
  });

  it('announces state changes politely as they happen', () => {
    const engine = stubEngine(testDb(), { online: true, pending: 1 });
    renderWithEngine(<SyncIndicator compact />, engine);
    const live = screen.getByTestId('sync-announcer');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('Online, 1 change not synced yet');
    act(() => engine.state.set({ draining: true }));
    expect(live.textContent).toBe('Online, syncing, 1 change not synced yet');
    act(() => engine.state.set({ draining: false, pending: 0 }));
    expect(live.textContent).toBe('Online, everything is synced');
  });

  it('tells the last sync time relative to now', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(relativeTime('en', '2026-01-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('en', '2025-12-31T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('en', null, now)).toBe('');
  });
});
