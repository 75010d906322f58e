import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { STATUS } from '#contract/envelope.ts';
import { ApiError } from '@/data/http/http-client';
import { resetPassword } from '@/features/auth/auth-api';
import { useCall, useFields } from '@/features/auth/light-form';
import { FormAlert } from '@/ui/form/form-alert';
import { FormField } from '@/ui/form/form-field';
import { FormMessage } from '@/ui/form/form-message';
import { SubmitButton } from '@/ui/form/submit-button';

/** One message for both fields, on `confirm`: a missing password first, then a mismatch. */
const checkNewPassword = ({ next, confirm }: { next: string; confirm: string }) =>
  !next
    ? { confirm: msg`* Please enter your new password!` }
    : next !== confirm
      ? { confirm: msg`* Please enter the same confirm Password!` }
      : {};

type Props = { token: string; onDone: () => void; onCancel: () => void; onRequestNew: () => void };

export function ResetPasswordForm({ token, onDone, onCancel, onRequestNew }: Props) {
  const { t } = useLingui();
  const form = useFields({ next: '', confirm: '' }, checkNewPassword);
  const call = useCall(resetPassword, onDone);
  const problem = form.errorOf('confirm');
  const badToken =
    call.error instanceof ApiError &&
    (call.error.status === STATUS.invalidResetToken || call.error.status === STATUS.validation);

  return (
    <form
      ref={form.ref}
      onSubmit={form.onSubmit(({ next }) => call.run({ token, newPassword: next }))}
      noValidate
    >
      <Stack gap="4">
        <Text color="fg.muted">
          <Trans>Choose a new password for your account.</Trans>
        </Text>
        {call.isError && (
          <FormAlert>
            {badToken ? (
              <Trans>This reset link is invalid or has expired. Please request a new one.</Trans>
            ) : (
              <Trans>The password could not be changed. Please try again.</Trans>
            )}
          </FormAlert>
        )}
        <FormField name="next" label={t`New password`} required>
          <Input {...form.field('next')} maxLength={200} type="password" autoComplete="new-password" />
        </FormField>
        <FormField name="confirm" label={t`Confirm new password`} invalid={!!problem} required>
          <Input {...form.field('confirm')} maxLength={200} type="password" autoComplete="new-password" />
        </FormField>
        <FormMessage message={problem} />
        <SubmitButton loading={call.pending}>
          <Trans>Set new password</Trans>
        </SubmitButton>
        <Button variant="ghost" onClick={badToken ? onRequestNew : onCancel}>
          {badToken ? <Trans>Request a new link</Trans> : <Trans>Back to sign in</Trans>}
        </Button>
      </Stack>
    </form>
  );
}
