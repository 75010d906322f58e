import { Badge, Box, HStack, Link, Popover, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { relativeTime, useNow } from '@/features/sync/relative-time';
import { AlertIcon, CloudGlyph, CloudOffGlyph } from '@/features/sync/sync-icons';
import { useBackgroundSync } from '@/features/sync/use-background-sync';
import { useStorageFullNotice } from '@/features/sync/use-storage-full-notice';
import { useShellSyncState, useSyncSentence } from '@/features/sync/use-sync-summary';
import { useStyledOnceOpened } from '@/ui/use-styled-once-opened';

/** Always-visible sync state in the top bar: online/offline, syncing, unsent and troubled changes. */
export function SyncIndicator({ compact }: { compact?: boolean }) {
  const { t, i18n } = useLingui();
  const s = useShellSyncState();
  const sentence = useSyncSentence(s);
  const now = useNow();
  const [open, setOpen] = useState(false);
  const styles = useStyledOnceOpened();
  useBackgroundSync(s);
  useStorageFullNotice();
  const attention = s.parked + s.conflicts;
  const last = relativeTime(i18n.locale, s.lastSyncedAt, now);
  const icon = s.draining ? (
    <Spinner size="sm" />
  ) : s.online ? (
    <CloudGlyph />
  ) : (
    <CloudOffGlyph className="lac-top-warning" />
  );

  return (
    // lazyMount: the popover's content is drawn when first opened, not at every start and sync tick.
    <Popover.Root
      lazyMount
      unstyled={styles.unstyled}
      open={open}
      onOpenChange={(e) => {
        styles.onOpened(e.open);
        setOpen(e.open);
      }}
      positioning={{ placement: 'bottom-end' }}
    >
      {/* The trigger and the announcer are plain elements styled by the top bar (top-bar-styles.ts). */}
      <Popover.Trigger asChild>
        <button
          type="button"
          className="lac-top-button lac-top-sync"
          data-testid="sync-indicator"
          data-online={s.online}
          aria-label={t`Sync status: ${sentence}`}
        >
          {icon}
          {!compact && !s.online && (
            <span>
              <Trans>Offline</Trans>
            </span>
          )}
          {s.pending > 0 && (
            <Badge size="sm" colorPalette="blue" data-testid="sync-pending-count">
              {i18n.number(s.pending)}
            </Badge>
          )}
          {attention > 0 && (
            <Badge size="sm" colorPalette="orange" data-testid="sync-attention-count">
              <AlertIcon boxSize="3" />
              {i18n.number(attention)}
            </Badge>
          )}
        </button>
      </Popover.Trigger>
      <span className="lac-sr-only" aria-live="polite" data-testid="sync-announcer">
        {sentence}
      </span>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="xs" data-testid="sync-popover">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="2" fontSize="sm">
                <Text fontWeight="semibold">{s.online ? <Trans>Online</Trans> : <Trans>Offline</Trans>}</Text>
                <Text>{sentence}</Text>
                <Text color="fg.muted" data-testid="sync-last-synced">
                  {last ? <Trans>Last synced {last}</Trans> : <Trans>Not synced yet on this device</Trans>}
                </Text>
                {s.lastError && !s.authRequired && s.online && (
                  <Text color="fg.warning">
                    <Trans>The last attempt failed; it will be retried.</Trans>
                  </Text>
                )}
                <HStack justify="flex-end">
                  <Box>
                    <Link asChild fontWeight="medium" colorPalette="blue">
                      <RouterLink to="/sync" data-testid="sync-page-link" onClick={() => setOpen(false)}>
                        <Trans>Open sync page</Trans>
                      </RouterLink>
                    </Link>
                  </Box>
                </HStack>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
