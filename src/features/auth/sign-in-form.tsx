import { Alert, Button, Checkbox, HStack, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { SessionData } from '#contract/auth.ts';
import { login } from '@/features/auth/auth-api';
import { signInErrorMessage } from '@/features/auth/sign-in-error';
import { TextField } from '@/features/auth/text-field';

type Props = { onSignedIn: (session: SessionData) => void; onForgot: () => void; onAttempt: () => void };

export function SignInForm({ onSignedIn, onForgot, onAttempt }: Props) {
  const { t, i18n } = useLingui();
  const [companyCode, setCompanyCode] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [touched, setTouched] = useState(false);
  const mutation = useMutation({ mutationFn: login, onSuccess: onSignedIn });

  const missing = {
    companyCode: !companyCode.trim() ? t`Please enter your company code.` : null,
    username: !username.trim() ? t`Please enter your username.` : null,
    password: !password ? t`Please enter your password.` : null,
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (missing.companyCode || missing.username || missing.password) return;
    onAttempt();
    mutation.mutate({ companyCode: companyCode.trim(), username: username.trim(), password, remember });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="login-form">
      <Stack gap="4">
        {mutation.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{signInErrorMessage(mutation.error, i18n)}</Alert.Title>
          </Alert.Root>
        )}
        <TextField
          label={t`Company code`}
          value={companyCode}
          onChange={setCompanyCode}
          error={touched ? missing.companyCode : null}
          autoComplete="organization"
          autoCapitalize="characters"
          required
        />
        <TextField
          label={t`Username`}
          value={username}
          onChange={setUsername}
          error={touched ? missing.username : null}
          autoComplete="username"
          autoCapitalize="none"
          required
        />
        <TextField
          label={t`Password`}
          type="password"
          value={password}
          onChange={setPassword}
          error={touched ? missing.password : null}
          autoComplete="current-password"
          required
        />
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Checkbox.Root checked={remember} onCheckedChange={(e) => setRemember(e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              <Trans>Remember me</Trans>
            </Checkbox.Label>
          </Checkbox.Root>
          <Button variant="plain" colorPalette="blue" px="0" onClick={onForgot}>
            <Trans>Forgot password?</Trans>
          </Button>
        </HStack>
        <Button type="submit" colorPalette="blue" loading={mutation.isPending}>
          <Trans>Sign in</Trans>
        </Button>
      </Stack>
    </form>
  );
}
