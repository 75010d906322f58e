import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { STATUS } from '#contract/envelope.ts';
import { ApiError } from '@/data/http/api';
import { resetPassword } from '@/features/auth/auth-api';
import { TextField } from '@/features/auth/text-field';

type Props = { token: string; onDone: () => void; onCancel: () => void; onRequestNew: () => void };

export function ResetPasswordForm({ token, onDone, onCancel, onRequestNew }: Props) {
  const { t } = useLingui();
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const mutation = useMutation({ mutationFn: resetPassword, onSuccess: onDone });
  const problem = !next
    ? t`* Please enter your new password!`
    : next !== confirm
      ? t`* Please enter the same confirm Password!`
      : null;
  const badToken =
    mutation.error instanceof ApiError &&
    (mutation.error.status === STATUS.invalidResetToken || mutation.error.status === STATUS.validation);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!problem) mutation.mutate({ token, newPassword: next });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text color="fg.muted">
          <Trans>Choose a new password for your account.</Trans>
        </Text>
        {mutation.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>
              {badToken ? (
                <Trans>This reset link is invalid or has expired. Please request a new one.</Trans>
              ) : (
                <Trans>The password could not be changed. Please try again.</Trans>
              )}
            </Alert.Title>
          </Alert.Root>
        )}
        <TextField
          label={t`New password`}
          type="password"
          value={next}
          onChange={setNext}
          autoComplete="new-password"
          required
        />
        <TextField
          label={t`Confirm new password`}
          type="password"
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
          required
        />
        {touched && problem && (
          <Text color="red.600" fontSize="sm" role="alert">
            {problem}
          </Text>
        )}
        <Button type="submit" colorPalette="blue" loading={mutation.isPending}>
          <Trans>Set new password</Trans>
        </Button>
        <Button variant="ghost" onClick={badToken ? onRequestNew : onCancel}>
          {badToken ? <Trans>Request a new link</Trans> : <Trans>Back to sign in</Trans>}
        </Button>
      </Stack>
    </form>
  );
}
