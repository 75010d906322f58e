import { Button, Card, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { confirmEmailRequest } from '#contract/profile.ts';
import { apiPost } from '@/data/http/api';
import { ApiError, NETWORK_ERROR } from '@/data/http/http-client';
import { useSession } from '@/data/session/use-session';

const confirm = (token: string) =>
  apiPost('/v1/User/ConfirmEmail', { schema: z.null(), body: confirmEmailRequest.parse({ token }) });

/** Opens the link mailed to a new address: the profile's e-mail changes now, once. */
export default function ConfirmEmailPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const result = useQuery({
    queryKey: ['confirm-email', token],
    queryFn: () => confirm(token),
    enabled: token.length >= 20,
    retry: (n, e) => n < 2 && e instanceof ApiError && e.status === NETWORK_ERROR,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const offline = result.error instanceof ApiError && result.error.status === NETWORK_ERROR;

  return (
    <Center minH="100dvh" px="4" bg="bg.subtle">
      <Card.Root w="full" maxW="md" as="main">
        <Card.Header>
          <Heading as="h1" size="lg">
            <Trans>Confirm your new e-mail address</Trans>
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4" aria-live="polite">
            {result.isPending && token.length >= 20 ? (
              <Spinner aria-label={t`Confirming…`} />
            ) : result.isSuccess ? (
              <Text data-testid="email-confirmed">
                <Trans>Your e-mail address is changed.</Trans>
              </Text>
            ) : offline ? (
              <Text color="fg.error">
                <Trans>Cannot reach the server. Check your connection and open the link again.</Trans>
              </Text>
            ) : (
              <Text color="fg.error" data-testid="email-link-invalid">
                <Trans>
                  This link does not work any more: it was used, replaced by a newer one, or is older than 24
                  hours. Change the address in your profile again.
                </Trans>
              </Text>
            )}
            <Button asChild alignSelf="flex-start">
              {session ? (
                <RouterLink to="/">
                  <Trans>Open the console</Trans>
                </RouterLink>
              ) : (
                // /login is the separate sign-in entry: a page load, not a route of the console.
                <a href="/login">
                  <Trans>Sign in</Trans>
                </a>
              )}
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
