import { Box, Heading, HStack, Stack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { can } from '#contract/permissions.ts';
import { useSession } from '@/data/session/use-session';
import { PushToggle } from '@/features/notifications/push-toggle';
import { SendForm } from '@/features/notifications/send-form';
import { SendHistory } from '@/features/notifications/send-history';
import { NoAccessState } from '@/ui/resource/list/list-states';

/** /notification-page: send a notification and see how each one went out. */
export default function SendPage() {
  const session = useSession();
  const canSend = can(session?.permissions, 'sendNotification', 'create');
  const canRead = can(session?.permissions, 'sendNotification', 'read');
  return (
    <Box px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} maxW="4xl" mx="auto">
      <HStack justify="space-between" wrap="wrap" gap="2" mb="4">
        <Heading as="h1" size="lg">
          <Trans>Send notification</Trans>
        </Heading>
        <PushToggle />
      </HStack>
      {!canRead && !canSend ? (
        <NoAccessState />
      ) : (
        <Stack gap="8">
          {canSend && <SendForm />}
          {canRead && (
            <Stack gap="3">
              <Heading as="h2" size="md">
                <Trans>Sent notifications</Trans>
              </Heading>
              <SendHistory />
            </Stack>
          )}
        </Stack>
      )}
    </Box>
  );
}
