import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Component, type ReactNode } from 'react';

export function LoadingState() {
  const { t } = useLingui();
  return (
    <Center py="16" data-testid="list-loading">
      <Spinner size="lg" aria-label={t`Loading`} />
    </Center>
  );
}

/** A screen the role may not open (the server refuses its calls too). */
export function NoAccessState() {
  return (
    <Center py="16" role="alert" data-testid="no-access">
      <Text>
        <Trans>You do not have access to this page.</Trans>
      </Text>
    </Center>
  );
}

/** Spec section 8: "no data available", and what to do about it. */
export function EmptyState({
  searching,
  hint,
  title,
}: {
  searching: boolean;
  hint?: string;
  title?: string;
}) {
  return (
    <Center py="16" data-testid="list-empty">
      <Stack gap="1" textAlign="center">
        <Text fontWeight="semibold">{title ?? <Trans>No data available</Trans>}</Text>
        {searching ? (
          <Text color="fg.muted" fontSize="sm">
            <Trans>Nothing matches your search.</Trans>
          </Text>
        ) : (
          hint && (
            <Text color="fg.muted" fontSize="sm" maxW="md">
              {hint}
            </Text>
          )
        )}
      </Stack>
    </Center>
  );
}

export function ErrorState({ onRetry }: { onRetry: () => void }) {
  return (
    <Center py="16" role="alert" data-testid="list-error">
      <Stack gap="3" textAlign="center" maxW="md">
        <Text fontWeight="semibold">
          <Trans>The list could not be read from this device.</Trans>
        </Text>
        <Text color="fg.muted" fontSize="sm">
          <Trans>Reload the page to try again. Your saved changes are kept.</Trans>
        </Text>
        <Button alignSelf="center" onClick={onRetry}>
          <Trans>Reload</Trans>
        </Button>
      </Stack>
    </Center>
  );
}

/** A failed live query (closed or broken database) shows the error state instead of a blank page. */
export class ListErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <ErrorState onRetry={() => window.location.reload()} /> : this.props.children;
  }
}
