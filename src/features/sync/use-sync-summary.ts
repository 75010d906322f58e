import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createSyncStateStore, type SyncState } from '@/data/sync/sync-state';
import { useSyncEngine } from '@/data/sync/use-sync-engine';
import { useSyncState } from '@/data/sync/use-sync-state';
import { useOnline } from '@/ui/use-online';

const noEngine = createSyncStateStore();

/** The running engine's sync state; while the database opens, just the browser's online flag. */
export function useShellSyncState(): SyncState {
  const engine = useSyncEngine();
  const state = useSyncState(engine?.state ?? noEngine);
  const online = useOnline();
  return engine ? state : { ...state, online };
}

/** One sentence for the indicator's label and for screen readers (announced when it changes). */
export function useSyncSentence(s: SyncState): string {
  const { t } = useLingui();
  const attention = s.parked + s.conflicts;
  const pending = s.pending;
  const parts = [
    s.online ? t`Online` : t`Offline`,
    s.draining ? t`syncing` : '',
    pending
      ? t`${plural(pending, { one: '# change not synced yet', other: '# changes not synced yet' })}`
      : attention
        ? ''
        : t`everything is synced`,
    attention
      ? t`${plural(attention, { one: '# change needs attention', other: '# changes need attention' })}`
      : '',
    s.authRequired ? t`sign in again to sync` : '',
  ];
  return parts.filter(Boolean).join(', ');
}
