import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { HOME_PATH } from '@/app/home-path';

export default function NotFoundPage() {
  return (
    <Stack gap="4" p="6" maxW="lg">
      <Heading size="lg" as="h1">
        <Trans>Page not found</Trans>
      </Heading>
      <Text color="fg.muted">
        <Trans>This page does not exist, or it is not available in this release.</Trans>
      </Text>
      <Button asChild alignSelf="flex-start" variant="outline">
        <Link to={HOME_PATH}>
          <Trans>Go to the inbox</Trans>
        </Link>
      </Button>
    </Stack>
  );
}
