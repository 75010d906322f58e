import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from '@/app/update-prompt';
import { setUnsavedWork } from '@/ui/form/unsaved-work';
import { testDb } from '../data/fake-db';
import { renderWithEngine, stubEngine } from '../features/sync/render-sync';

const updateServiceWorker = vi.fn(async () => undefined);
vi.mock('@/sw-register', () => ({
  useRegisterSW: () => ({
    needRefresh: [true, vi.fn()],
    offlineReady: [false, vi.fn()],
    updateServiceWorker,
  }),
}));

afterEach(() => {
  cleanup();
  setUnsavedWork('form', false);
  updateServiceWorker.mockClear();
});

const reloadButton = () => screen.getByTestId('update-reload') as HTMLButtonElement;

describe('update prompt', () => {
  it('refuses to reload while changes are unsynced, and allows it once they are sent', () => {
    const engine = stubEngine(testDb(), { pending: 2 });
    renderWithEngine(<UpdatePrompt />, engine);
    expect(screen.getByTestId('update-blocked').textContent).toBe(
      '2 changes are still being synced. Reload once they have been sent.',
    );
    expect(reloadButton().disabled).toBe(true);
    fireEvent.click(reloadButton());
    expect(updateServiceWorker).not.toHaveBeenCalled();
    act(() => engine.state.set({ pending: 0 }));
    expect(screen.queryByTestId('update-blocked')).toBeNull();
    fireEvent.click(reloadButton());
    expect(updateServiceWorker).toHaveBeenCalledTimes(1);
  });

  it('refuses to reload over a dirty form', async () => {
    vi.useFakeTimers();
    try {
      setUnsavedWork('form', true);
      renderWithEngine(<UpdatePrompt />, stubEngine(testDb()));
      expect(screen.getByTestId('update-blocked').textContent).toBe('Save or discard your changes first.');
      expect(reloadButton().disabled).toBe(true);
      setUnsavedWork('form', false);
      await act(async () => vi.advanceTimersByTime(600));
      expect(reloadButton().disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
