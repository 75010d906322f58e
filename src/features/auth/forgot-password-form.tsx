import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { forgotPassword } from '@/features/auth/auth-api';
import { useCall, useFields } from '@/features/auth/light-form';
import { checkAccount } from '@/features/auth/sign-in-form';
import { FormAlert } from '@/ui/form/form-alert';
import { FormField } from '@/ui/form/form-field';
import { SubmitButton } from '@/ui/form/submit-button';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useLingui();
  const form = useFields({ companyCode: '', username: '' }, checkAccount);
  const call = useCall(forgotPassword);

  if (call.done) {
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
    <form
      ref={form.ref}
      onSubmit={form.onSubmit((v) =>
        call.run({ companyCode: v.companyCode.trim(), username: v.username.trim() }),
      )}
      noValidate
    >
      <Stack gap="4">
        <Text color="fg.muted">
          <Trans>
            Enter your company code and username. We will e-mail you a link to set a new password.
          </Trans>
        </Text>
        {call.isError && (
          <FormAlert>
            <Trans>The request could not be sent. Please try again.</Trans>
          </FormAlert>
        )}
        <FormField name="companyCode" label={t`Company code`} error={form.errorOf('companyCode')} required>
          <Input {...form.field('companyCode')} maxLength={32} autoComplete="organization" />
        </FormField>
        <FormField name="username" label={t`Username`} error={form.errorOf('username')} required>
          <Input {...form.field('username')} maxLength={100} autoComplete="username" />
        </FormField>
        <SubmitButton loading={call.pending}>
          <Trans>Send reset link</Trans>
        </SubmitButton>
        <Button variant="ghost" onClick={onBack}>
          <Trans>Back to sign in</Trans>
        </Button>
      </Stack>
    </form>
  );
}
