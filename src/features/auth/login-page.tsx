import { Box, Button, Card, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SessionData } from '#contract/auth.ts';
import { isUnderMaintenance } from '#contract/maintenance.ts';
import { recordSignIn } from '@/data/session/sign-in';
import { dismissSignOutNotice, readSignOutNotice } from '@/data/session/sign-out';
import { getMaintenance } from '@/features/auth/auth-api';
import { ForgotPasswordForm } from '@/features/auth/forgot-password-form';
import { LoginNotice } from '@/features/auth/login-notice';
import { ResetPasswordForm } from '@/features/auth/reset-password-form';
import { SignInForm } from '@/features/auth/sign-in-form';
import { useLoginLanguage } from '@/features/auth/use-login-language';
import { CopyrightFooter } from '@/ui/copyright-footer';
import { GlobeIcon } from '@/ui/icons';
import { LANGUAGE_NAMES } from '@/ui/language-names';
import { LanguagePickerDialog } from '@/ui/language-picker-dialog';

export default function LoginPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const resetToken = params.get('reset');
  const [mode, setMode] = useState<'sign-in' | 'forgot'>('sign-in');
  const [notice, setNotice] = useState(readSignOutNotice);
  const [resetDone, setResetDone] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const language = useLoginLanguage(params.get('db_locale'));
  const maintenance = useQuery({
    queryKey: ['maintenance', 'login'],
    queryFn: ({ signal }) => getMaintenance(signal),
  });
  const down = maintenance.data && isUnderMaintenance(maintenance.data) ? maintenance.data.message : null;

  const signedIn = (session: SessionData) => {
    dismissSignOutNotice();
    recordSignIn(session);
    language.applyAfterSignIn(session);
  };
  const leaveReset = (next: 'done' | 'cancel' | 'request-new') => {
    setResetDone(next === 'done');
    setMode(next === 'request-new' ? 'forgot' : 'sign-in');
    setParams((p) => {
      p.delete('reset');
      return p;
    });
  };

  return (
    <Stack minH="100dvh" gap="0" bg="bg.subtle">
      <HStack justify="flex-end" p="3">
        <Button variant="ghost" size="sm" data-testid="language-button" onClick={() => setPickerOpen(true)}>
          <GlobeIcon />
          {LANGUAGE_NAMES[language.locale]}
        </Button>
      </HStack>
      <Center flex="1" px="4" pb="10">
        <Card.Root w="full" maxW="md" as="main">
          <Card.Header>
            <Heading as="h1" size="xl">
              <Trans>Learning Admin Console</Trans>
            </Heading>
            <Text color="fg.muted">
              {resetToken ? (
                <Trans>Reset password</Trans>
              ) : mode === 'forgot' ? (
                <Trans>Forgot password</Trans>
              ) : (
                <Trans>Sign in to manage your company's learning.</Trans>
              )}
            </Text>
          </Card.Header>
          <Card.Body>
            <Stack gap="4">
              {down !== null && !resetToken && (
                <LoginNotice notice={{ kind: 'maintenance', message: down }} resetDone={false} />
              )}
              {down === null && <LoginNotice notice={notice} resetDone={resetDone} />}
              {resetToken ? (
                <ResetPasswordForm
                  token={resetToken}
                  onDone={() => leaveReset('done')}
                  onCancel={() => leaveReset('cancel')}
                  onRequestNew={() => leaveReset('request-new')}
                />
              ) : mode === 'forgot' ? (
                <ForgotPasswordForm onBack={() => setMode('sign-in')} />
              ) : (
                <SignInForm
                  onSignedIn={signedIn}
                  onForgot={() => setMode('forgot')}
                  onAttempt={() => {
                    setNotice(null);
                    setResetDone(false);
                  }}
                />
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Center>
      <Box>
        <CopyrightFooter owner={t`Learning Admin Console`} />
      </Box>
      <LanguagePickerDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        value={language.locale}
        onSelect={language.pick}
      />
    </Stack>
  );
}
