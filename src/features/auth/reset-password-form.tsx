import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { STATUS } from '#contract/envelope.ts';
import { ApiError } from '@/data/http/http-client';
import { resetPassword } from '@/features/auth/auth-api';
import { FormAlert } from '@/ui/form/form-alert';
import { FormField } from '@/ui/form/form-field';
import { FormMessage } from '@/ui/form/form-message';
import { SubmitButton } from '@/ui/form/submit-button';
import { useZodForm } from '@/ui/form/use-zod-form';

const MESSAGES = {
  missing: msg`* Please enter your new password!`,
  mismatch: msg`* Please enter the same confirm Password!`,
};

/** One message for both fields, on `confirm`: a missing password first, then a mismatch. */
const newPasswordForm = z
  .object({ next: z.string(), confirm: z.string() })
  .superRefine(({ next, confirm }, ctx) => {
    const problem = !next ? 'missing' : next !== confirm ? 'mismatch' : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['confirm'], message: problem });
  });

type Props = { token: string; onDone: () => void; onCancel: () => void; onRequestNew: () => void };

export function ResetPasswordForm({ token, onDone, onCancel, onRequestNew }: Props) {
  const { t } = useLingui();
  const form = useZodForm(newPasswordForm, { defaultValues: { next: '', confirm: '' }, messages: MESSAGES });
  const mutation = useMutation({ mutationFn: resetPassword, onSuccess: onDone });
  const problem = form.errorOf('confirm');
  const badToken =
    mutation.error instanceof ApiError &&
    (mutation.error.status === STATUS.invalidResetToken || mutation.error.status === STATUS.validation);

  return (
    <form
      onSubmit={form.handleSubmit(({ next }) => mutation.mutate({ token, newPassword: next }))}
      noValidate
    >
      <Stack gap="4">
        <Text color="fg.muted">
          <Trans>Choose a new password for your account.</Trans>
        </Text>
        {mutation.isError && (
          <FormAlert>
            {badToken ? (
              <Trans>This reset link is invalid or has expired. Please request a new one.</Trans>
            ) : (
              <Trans>The password could not be changed. Please try again.</Trans>
            )}
          </FormAlert>
        )}
        <FormField name="next" label={t`New password`} required>
          <Input
            {...form.register('next', { deps: 'confirm' })}
            type="password"
            autoComplete="new-password"
          />
        </FormField>
        <FormField name="confirm" label={t`Confirm new password`} invalid={!!problem} required>
          <Input {...form.register('confirm')} type="password" autoComplete="new-password" />
        </FormField>
        <FormMessage message={problem} />
        <SubmitButton loading={mutation.isPending}>
          <Trans>Set new password</Trans>
        </SubmitButton>
        <Button variant="ghost" onClick={badToken ? onRequestNew : onCancel}>
          {badToken ? <Trans>Request a new link</Trans> : <Trans>Back to sign in</Trans>}
        </Button>
      </Stack>
    </form>
  );
}
