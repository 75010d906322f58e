import { Box, Button, Card, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { SessionData } from '#contract/auth.ts';
import { isUnderMaintenance } from '#contract/maintenance-rule.ts';
import { recordSignIn } from '@/data/session/sign-in';
import { dismissSignOutNotice, readSignOutNotice } from '@/data/session/sign-out-notice';
import { prepareFirstSync, startFirstSync } from '@/data/sync/first-sync';
import { getMaintenance } from '@/features/auth/auth-api';
import { ForgotPasswordForm } from '@/features/auth/forgot-password-form';
import { LoginNotice } from '@/features/auth/login-notice';
import { ResetPasswordForm } from '@/features/auth/reset-password-form';
import { SignInForm } from '@/features/auth/sign-in-form';
import { useLoginLanguage } from '@/features/auth/use-login-language';
import { CopyrightFooter } from '@/ui/copyright-footer';
import { GlobeIcon } from '@/ui/icons';
import { LANGUAGE_NAMES } from '@/ui/language-names';

// The dialog machinery loads when the picker is first opened, not with the page.
const LanguagePickerDialog = lazy(async () => ({
  default: (await import('@/ui/language-picker-dialog')).LanguagePickerDialog,
}));

/**
 * /login, rendered by the light sign-in entry (app/sign-in-entry.tsx) without the router,
 * TanStack Query or zod. `onSignedIn` opens the console once the session is stored;
 * `prepareConsole` preloads the console's code while the admin types (the form's focus).
 */
export function LoginPage({
  onSignedIn,
  prepareConsole,
}: {
  onSignedIn: () => void;
  prepareConsole: () => void;
}) {
  const { t } = useLingui();
  const [resetToken, setResetToken] = useState(() =>
    new URLSearchParams(window.location.search).get('reset'),
  );
  const [mode, setMode] = useState<'sign-in' | 'forgot'>('sign-in');
  const [notice, setNotice] = useState(readSignOutNotice);
  const [resetDone, setResetDone] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [pickerUsed, setPickerUsed] = useState(false);
  const language = useLoginLanguage(new URLSearchParams(window.location.search).get('db_locale'));
  const [down, setDown] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getMaintenance().then(
      (m) => live && setDown(m && isUnderMaintenance(m) ? m.message : null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const signedIn = (session: SessionData) => {
    dismissSignOutNotice();
    recordSignIn(session);
    startFirstSync({ companyID: session.companyID, userID: session.userID, token: session.token });
    void language.applyAfterSignIn(session).finally(onSignedIn);
  };
  const leaveReset = (next: 'done' | 'cancel' | 'request-new') => {
    setResetDone(next === 'done');
    setMode(next === 'request-new' ? 'forgot' : 'sign-in');
    const url = new URL(window.location.href);
    url.searchParams.delete('reset');
    window.history.replaceState(window.history.state, '', url);
    setResetToken(null);
  };
  const openPicker = () => {
    setPickerUsed(true);
    setPickerOpen(true);
  };

  return (
    <Stack minH="100dvh" gap="0" bg="bg.subtle">
      <HStack justify="flex-end" p="3">
        <Button variant="ghost" size="sm" data-testid="language-button" onClick={openPicker}>
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
                  onPrepare={() => {
                    prepareFirstSync();
                    prepareConsole();
                  }}
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
      {pickerUsed && (
        <Suspense fallback={null}>
          <LanguagePickerDialog
            open={pickerOpen}
            onOpenChange={setPickerOpen}
            value={language.locale}
            onSelect={language.pick}
          />
        </Suspense>
      )}
    </Stack>
  );
}
