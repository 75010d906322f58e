import { Alert, Button, EmptyState, Skeleton, Stack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { InboxIcon, WifiOffIcon } from '@/ui/icons';

export function InboxLoading() {
  return (
    <Stack gap="3" p="4" aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height="12" />
      ))}
    </Stack>
  );
}

export function InboxEmpty() {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <InboxIcon />
        </EmptyState.Indicator>
        <EmptyState.Title>
          <Trans>No notifications yet</Trans>
        </EmptyState.Title>
        <EmptyState.Description>
          <Trans>New notifications will appear here.</Trans>
        </EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

export function InboxOffline() {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <WifiOffIcon />
        </EmptyState.Indicator>
        <EmptyState.Title>
          <Trans>You are offline</Trans>
        </EmptyState.Title>
        <EmptyState.Description>
          <Trans>The inbox will load when you are back online.</Trans>
        </EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

export function InboxError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert.Root status="error" role="alert" m="4" w="auto">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <Trans>The notifications could not be loaded.</Trans>
        </Alert.Title>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Alert.Root>
  );
}
