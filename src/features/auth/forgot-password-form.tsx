import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { forgotPasswordRequest } from '#contract/auth.ts';
import { forgotPassword } from '@/features/auth/auth-api';
import { FormAlert } from '@/ui/form/form-alert';
import { FormField } from '@/ui/form/form-field';
import { SubmitButton } from '@/ui/form/submit-button';
import { useZodForm } from '@/ui/form/use-zod-form';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useLingui();
  const form = useZodForm(forgotPasswordRequest, { defaultValues: { companyCode: '', username: '' } });
  const mutation = useMutation({ mutationFn: forgotPassword });

  if (mutation.isSuccess) {
    return (
      <Stack gap="4">
        <FormAlert status="success">
          <Trans>If the account exists, we have sent an e-mail with a link to reset the password.</Trans>
        </FormAlert>
        <Button variant="outline" onClick={onBack}>
          <Trans>Back to sign in</Trans>
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.handleSubmit((body) => mutation.mutate(body))} noValidate>
      <Stack gap="4">
        <Text color="fg.muted">
          <Trans>
            Enter your company code and username. We will e-mail you a link to set a new password.
          </Trans>
        </Text>
        {mutation.isError && (
          <FormAlert>
            <Trans>The request could not be sent. Please try again.</Trans>
          </FormAlert>
        )}
        <FormField name="companyCode" label={t`Company code`} error={form.errorOf('companyCode')} required>
          <Input {...form.register('companyCode')} autoComplete="organization" />
        </FormField>
        <FormField name="username" label={t`Username`} error={form.errorOf('username')} required>
          <Input {...form.register('username')} autoComplete="username" />
        </FormField>
        <SubmitButton loading={mutation.isPending}>
          <Trans>Send reset link</Trans>
        </SubmitButton>
        <Button variant="ghost" onClick={onBack}>
          <Trans>Back to sign in</Trans>
        </Button>
      </Stack>
    </form>
  );
}
