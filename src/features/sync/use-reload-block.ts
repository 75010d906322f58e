import { useEffect, useState } from 'react';
import { useShellSyncState } from '@/features/sync/use-sync-summary';
import { hasUnsavedWork } from '@/ui/form/unsaved-work';

const CHECK_MS = 500;

export type ReloadBlock = { kind: 'unsynced'; count: number } | { kind: 'dirty' } | null;

/** Why reloading now would lose work: changes not yet sent, or a form with unsaved edits. */
export function useReloadBlock(watching: boolean): ReloadBlock {
  const { pending } = useShellSyncState();
  const [dirty, setDirty] = useState(hasUnsavedWork);
  useEffect(() => {
    if (!watching) return;
    setDirty(hasUnsavedWork());
    const timer = setInterval(() => setDirty(hasUnsavedWork()), CHECK_MS);
    return () => clearInterval(timer);
  }, [watching]);
  if (pending > 0) return { kind: 'unsynced', count: pending };
  return dirty ? { kind: 'dirty' } : null;
}
