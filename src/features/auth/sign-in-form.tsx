import { Button, Checkbox, HStack, Input, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { loginRequest, type SessionData } from '#contract/auth.ts';
import { login } from '@/features/auth/auth-api';
import { signInErrorMessage } from '@/features/auth/sign-in-error';
import { FormAlert } from '@/ui/form/form-alert';
import { FormField } from '@/ui/form/form-field';
import { SubmitButton } from '@/ui/form/submit-button';
import { useZodForm } from '@/ui/form/use-zod-form';

type Props = { onSignedIn: (session: SessionData) => void; onForgot: () => void; onAttempt: () => void };

export function SignInForm({ onSignedIn, onForgot, onAttempt }: Props) {
  const { t, i18n } = useLingui();
  const form = useZodForm(loginRequest, {
    defaultValues: { companyCode: '', username: '', password: '', remember: false },
  });
  const mutation = useMutation({ mutationFn: login, onSuccess: onSignedIn });
  const submit = form.handleSubmit((body) => {
    onAttempt();
    mutation.mutate(body);
  });

  return (
    <form onSubmit={submit} noValidate data-testid="login-form">
      <Stack gap="4">
        {mutation.isError && <FormAlert>{signInErrorMessage(mutation.error, i18n)}</FormAlert>}
        <FormField name="companyCode" label={t`Company code`} error={form.errorOf('companyCode')} required>
          <Input {...form.register('companyCode')} autoComplete="organization" autoCapitalize="characters" />
        </FormField>
        <FormField name="username" label={t`Username`} error={form.errorOf('username')} required>
          <Input {...form.register('username')} autoComplete="username" autoCapitalize="none" />
        </FormField>
        <FormField name="password" label={t`Password`} error={form.errorOf('password')} required>
          <Input {...form.register('password')} type="password" autoComplete="current-password" />
        </FormField>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Controller
            control={form.control}
            name="remember"
            render={({ field }) => (
              <Checkbox.Root
                checked={!!field.value}
                onCheckedChange={(e) => field.onChange(e.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  <Trans>Remember me</Trans>
                </Checkbox.Label>
              </Checkbox.Root>
            )}
          />
          <Button variant="plain" colorPalette="blue" px="0" onClick={onForgot}>
            <Trans>Forgot password?</Trans>
          </Button>
        </HStack>
        <SubmitButton loading={mutation.isPending}>
          <Trans>Sign in</Trans>
        </SubmitButton>
      </Stack>
    </form>
  );
}
