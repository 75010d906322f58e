import { Button, chakra, HStack, Input, Stack } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { SessionData } from '#contract/auth.ts';
import { login } from '@/features/auth/auth-api';
import { useCall, useFields } from '@/features/auth/light-form';
import { signInErrorMessage } from '@/features/auth/sign-in-error';
import { FormAlert } from '@/ui/form/form-alert';
import { FormField } from '@/ui/form/form-field';
import { SubmitButton } from '@/ui/form/submit-button';

type Props = {
  onSignedIn: (session: SessionData) => void;
  onForgot: () => void;
  onAttempt: () => void;
  /** The admin is about to sign in: what the console needs right after can load meanwhile. */
  onPrepare: () => void;
};

/** The company code and username the sign-in and forgot-password forms both ask for (contract/auth.ts). */
export const checkAccount = (v: { companyCode: string; username: string }) => ({
  ...(v.companyCode.trim() ? {} : { companyCode: msg`Please enter your company code.` }),
  ...(v.username.trim() ? {} : { username: msg`Please enter your username.` }),
});

export function SignInForm({ onSignedIn, onForgot, onAttempt, onPrepare }: Props) {
  const { t, i18n } = useLingui();
  const [remember, setRemember] = useState(false);
  const form = useFields({ companyCode: '', username: '', password: '' }, (v) => ({
    ...checkAccount(v),
    ...(v.password ? {} : { password: msg`Please enter your password.` }),
  }));
  const call = useCall(login, onSignedIn);
  const submit = form.onSubmit((v) => {
    onAttempt();
    call.run({
      companyCode: v.companyCode.trim(),
      username: v.username.trim(),
      password: v.password,
      remember,
    });
  });

  return (
    <form ref={form.ref} onSubmit={submit} onFocus={onPrepare} noValidate data-testid="login-form">
      <Stack gap="4">
        {call.isError && <FormAlert>{signInErrorMessage(call.error, i18n)}</FormAlert>}
        <FormField name="companyCode" label={t`Company code`} error={form.errorOf('companyCode')} required>
          <Input
            {...form.field('companyCode')}
            maxLength={32}
            autoComplete="organization"
            autoCapitalize="characters"
          />
        </FormField>
        <FormField name="username" label={t`Username`} error={form.errorOf('username')} required>
          <Input {...form.field('username')} maxLength={100} autoComplete="username" autoCapitalize="none" />
        </FormField>
        <FormField name="password" label={t`Password`} error={form.errorOf('password')} required>
          <Input
            {...form.field('password')}
            maxLength={200}
            type="password"
            autoComplete="current-password"
          />
        </FormField>
        <HStack justify="space-between" wrap="wrap" gap="2">
          {/* A native checkbox: Chakra's needs a state machine the light sign-in page leaves out. */}
          <chakra.label display="inline-flex" alignItems="center" gap="2" cursor="pointer" textStyle="sm">
            <chakra.input
              type="checkbox"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
              boxSize="4"
              accentColor="blue.600"
              cursor="pointer"
            />
            <Trans>Remember me</Trans>
          </chakra.label>
          <Button variant="plain" colorPalette="blue" px="0" onClick={onForgot}>
            <Trans>Forgot password?</Trans>
          </Button>
        </HStack>
        <SubmitButton loading={call.pending}>
          <Trans>Sign in</Trans>
        </SubmitButton>
      </Stack>
    </form>
  );
}
