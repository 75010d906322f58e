import { Badge, type BadgeProps } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { OutboxState } from '@/data/db/local-types';

const LOOK: Record<OutboxState, { palette: string; text: React.ReactNode }> = {
  pending: { palette: 'gray', text: <Trans>Not synced yet</Trans> },
  parked: { palette: 'orange', text: <Trans>Needs attention</Trans> },
  conflict: { palette: 'red', text: <Trans>Conflict</Trans> },
};

/** A row's unsent change: waiting to sync, refused by the server (needs attention), or in conflict. */
export function PendingBadge({
  state,
  size,
}: {
  state: OutboxState | null | undefined;
  size?: BadgeProps['size'];
}) {
  if (!state) return null;
  return (
    <Badge colorPalette={LOOK[state].palette} size={size} data-testid={`badge-${state}`} flexShrink="0">
      {LOOK[state].text}
    </Badge>
  );
}
