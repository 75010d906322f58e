import { Alert, Button, Card, Flex, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { SyncEngine } from '@/data/sync/sync-engine';
import type { SyncState } from '@/data/sync/sync-state';
import { relativeTime, useNow } from '@/features/sync/relative-time';
import { StorageUsage } from '@/features/sync/storage-usage';
import { useSyncSentence } from '@/features/sync/use-sync-summary';

/** Online or not, last synced, the last failure, Retry now, and storage use. */
export function SyncStatus({ engine, state }: { engine: SyncEngine; state: SyncState }) {
  const { i18n } = useLingui();
  const now = useNow();
  const sentence = useSyncSentence(state);
  const [busy, setBusy] = useState(false);
  const last = relativeTime(i18n.locale, state.lastSyncedAt, now);
  const retryIn = state.retryAt ? relativeTime(i18n.locale, state.retryAt, now) : '';
  const retryNow = () => {
    setBusy(true);
    void engine.syncNow().finally(() => setBusy(false));
  };
  return (
    <Stack gap="3">
      {!state.online && (
        <Alert.Root status="warning" data-testid="offline-notice">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>
              You are offline. Your changes are saved on this device and will be sent when you are back
              online.
            </Trans>
          </Alert.Title>
        </Alert.Root>
      )}
      {state.authRequired && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>Sign in again to send your changes.</Trans>
          </Alert.Title>
        </Alert.Root>
      )}
      <Card.Root size="sm">
        <Card.Body>
          <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
            <Stack gap="1" flex="1" minW="0">
              <Text fontWeight="medium" data-testid="sync-sentence">
                {sentence}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {last ? <Trans>Last synced {last}</Trans> : <Trans>Not synced yet on this device</Trans>}
              </Text>
              {state.lastError && state.online && !state.authRequired && (
                <Text fontSize="sm" color="fg.warning">
                  {retryIn ? (
                    <Trans>The last attempt failed; next try {retryIn}.</Trans>
                  ) : (
                    <Trans>The last attempt failed; it will be retried.</Trans>
                  )}
                </Text>
              )}
              <StorageUsage />
            </Stack>
            <Button
              onClick={retryNow}
              loading={busy || state.draining}
              disabled={!state.online || state.authRequired}
              data-testid="sync-now"
            >
              <Trans>Retry now</Trans>
            </Button>
          </Flex>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
