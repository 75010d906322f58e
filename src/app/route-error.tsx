import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

export function RouteError() {
  return (
    <Center minH="100dvh" p="6">
      <Stack gap="4" maxW="md" textAlign="center" role="alert">
        <Heading size="lg">
          <Trans>Something went wrong</Trans>
        </Heading>
        <Text color="fg.muted">
          <Trans>This part of the console could not be loaded. Check your connection and try again.</Trans>
        </Text>
        <Button alignSelf="center" onClick={() => window.location.reload()}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
