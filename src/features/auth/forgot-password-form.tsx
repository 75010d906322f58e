import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { forgotPassword } from '@/features/auth/auth-api';
import { TextField } from '@/features/auth/text-field';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useLingui();
  const [companyCode, setCompanyCode] = useState('');
  const [username, setUsername] = useState('');
  const [touched, setTouched] = useState(false);
  const mutation = useMutation({ mutationFn: forgotPassword });
  const missing = {
    companyCode: !companyCode.trim() ? t`Please enter your company code.` : null,
    username: !username.trim() ? t`Please enter your username.` : null,
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (missing.companyCode || missing.username) return;
    mutation.mutate({ companyCode: companyCode.trim(), username: username.trim() });
  };

  if (mutation.isSuccess) {
    return (
      <Stack gap="4">
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>If the account exists, we have sent an e-mail with a link to reset the password.</Trans>
          </Alert.Title>
        </Alert.Root>
        <Button variant="outline" onClick={onBack}>
          <Trans>Back to sign in</Trans>
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text color="fg.muted">
          <Trans>
            Enter your company code and username. We will e-mail you a link to set a new password.
          </Trans>
        </Text>
        {mutation.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>
              <Trans>The request could not be sent. Please try again.</Trans>
            </Alert.Title>
          </Alert.Root>
        )}
        <TextField
          label={t`Company code`}
          value={companyCode}
          onChange={setCompanyCode}
          error={touched ? missing.companyCode : null}
          autoComplete="organization"
          required
        />
        <TextField
          label={t`Username`}
          value={username}
          onChange={setUsername}
          error={touched ? missing.username : null}
          autoComplete="username"
          required
        />
        <Button type="submit" colorPalette="blue" loading={mutation.isPending}>
          <Trans>Send reset link</Trans>
        </Button>
        <Button variant="ghost" onClick={onBack}>
          <Trans>Back to sign in</Trans>
        </Button>
      </Stack>
    </form>
  );
}
