import { Box, EmptyState, Heading, Spinner, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { OutboxEntry } from '@/data/db/local-types';
import { listEntries } from '@/data/outbox/outbox';
import { retry } from '@/data/outbox/outbox-actions';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { useSyncEngine } from '@/data/sync/use-sync-engine';
import { useSyncState } from '@/data/sync/use-sync-state';
import { showActionError } from '@/features/sync/action-error';
import { ConflictDialog } from '@/features/sync/conflict-dialog';
import { DiscardConfirm } from '@/features/sync/discard-confirm';
import { EntryList } from '@/features/sync/entry-list';
import type { EntryAction } from '@/features/sync/entry-parts';
import { RetryForm } from '@/features/sync/retry-form';
import { CloudIcon } from '@/features/sync/sync-icons';
import { SyncStatus } from '@/features/sync/sync-status';

type Open = { action: Exclude<EntryAction, 'retry'>; entry: OutboxEntry } | null;

export function SyncPanel({ engine }: { engine: SyncEngine }) {
  const { i18n } = useLingui();
  const { db } = engine;
  const state = useSyncState(engine.state);
  const entries = useLiveQuery(() => listEntries(db), [db]);
  const [open, setOpen] = useState<Open>(null);
  const attention = entries?.filter((e) => e.state !== 'pending') ?? [];
  const waiting = entries?.filter((e) => e.state === 'pending') ?? [];
  const close = () => setOpen(null);

  function onAction(entry: OutboxEntry, action: EntryAction) {
    if (action === 'retry') void retry(db, entry.id).catch((error) => showActionError(i18n, error));
    else setOpen({ action, entry });
  }

  return (
    <Stack gap="5">
      <SyncStatus engine={engine} state={state} />
      {entries === undefined ? (
        <Spinner alignSelf="center" />
      ) : entries.length === 0 ? (
        <EmptyState.Root data-testid="sync-empty">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <CloudIcon />
            </EmptyState.Indicator>
            <EmptyState.Title>
              <Trans>Everything is synced</Trans>
            </EmptyState.Title>
            <EmptyState.Description>
              <Trans>Every change made on this device has reached the server.</Trans>
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          {attention.length > 0 && (
            <Stack gap="2" as="section" data-testid="sync-attention">
              <Heading as="h2" size="md">
                <Trans>Needs attention</Trans>
              </Heading>
              <EntryList entries={attention} onAction={onAction} />
            </Stack>
          )}
          {waiting.length > 0 && (
            <Stack gap="2" as="section" data-testid="sync-waiting">
              <Heading as="h2" size="md">
                <Trans>Waiting to be sent</Trans>
              </Heading>
              <EntryList entries={waiting} onAction={onAction} />
            </Stack>
          )}
        </>
      )}
      {open?.action === 'edit' && <RetryForm db={db} entry={open.entry} onClose={close} />}
      {open?.action === 'resolve' && <ConflictDialog db={db} entry={open.entry} onClose={close} />}
      <DiscardConfirm db={db} entry={open?.action === 'discard' ? open.entry : null} onClose={close} />
    </Stack>
  );
}

/** "Changes not yet synced": every unsent change of this device, and what the admin can do about it. */
export default function SyncPage() {
  const engine = useSyncEngine();
  return (
    <Box p={{ base: '3', sm: '6' }} maxW="6xl" data-testid="sync-page">
      <Heading as="h1" size="lg" mb="4">
        <Trans>Changes not yet synced</Trans>
      </Heading>
      {engine ? <SyncPanel engine={engine} /> : <Spinner />}
    </Box>
  );
}
