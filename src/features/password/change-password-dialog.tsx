import { Button, Input, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { STATUS } from '#contract/envelope.ts';
import { ApiError } from '@/data/http/http-client';
import { useSession } from '@/data/session/use-session';
import { CHANGE_PASSWORD_MESSAGES, changePasswordForm } from '@/features/password/change-password-message';
import { changePassword } from '@/features/password/password-api';
import { DialogShell } from '@/ui/dialog/dialog-shell';
import { MessageDialog } from '@/ui/dialog/message-dialog';
import { FormField } from '@/ui/form/form-field';
import { FormMessage } from '@/ui/form/form-message';
import { SubmitButton } from '@/ui/form/submit-button';
import { useUnsavedWork } from '@/ui/form/use-unsaved-work';
import { useZodForm } from '@/ui/form/use-zod-form';

const EMPTY = { current: '', next: '', confirm: '' };

/** Spec sections 4 and 5: Save only once the form is valid; the server checks the current password. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const session = useSession();
  const [done, setDone] = useState(false);
  const form = useZodForm(changePasswordForm, {
    defaultValues: EMPTY,
    mode: 'onChange',
    messages: CHANGE_PASSWORD_MESSAGES,
  });
  const { isDirty, isValid } = form.formState;
  useUnsavedWork(open && isDirty);
  const mutation = useMutation({ mutationFn: changePassword, onSuccess: () => setDone(true) });
  const wrongCurrent = mutation.error instanceof ApiError && mutation.error.status === STATUS.wrongPassword;
  // After five wrong current passwords the server refuses the next one and ends this session.
  const tooMany = mutation.error instanceof ApiError && mutation.error.httpStatus === 429;
  const message = form.errorOf('confirm');

  const close = () => {
    form.reset(EMPTY);
    mutation.reset();
    onClose();
  };
  const submit = form.handleSubmit(({ current, next }) => {
    if (session) mutation.mutate({ userId: session.userID, currentPassword: current, newPassword: next });
  });
  // A new keystroke answers the server's refusal; each field re-checks the one message on `confirm`.
  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <FormField name={name} label={label} required invalid={name === 'current' && wrongCurrent}>
      <Input
        {...form.register(name, {
          deps: name === 'confirm' ? undefined : 'confirm',
          onChange: () => mutation.reset(),
        })}
        type="password"
        autoComplete={autoComplete}
      />
    </FormField>
  );
  const footer = (
    <>
      <Button variant="outline" onClick={close}>
        <Trans>Cancel</Trans>
      </Button>
      <SubmitButton disabled={!isValid} loading={mutation.isPending}>
        <Trans>Save</Trans>
      </SubmitButton>
    </>
  );

  return (
    <>
      <DialogShell
        open={open && !done}
        onClose={close}
        onSubmit={(e) => void submit(e)}
        title={<Trans>Change password</Trans>}
        footer={footer}
      >
        <Stack gap="4">
          {field('current', t`Current password`, 'current-password')}
          {field('next', t`New password`, 'new-password')}
          {field('confirm', t`Confirm new password`, 'new-password')}
          <FormMessage
            message={
              wrongCurrent
                ? t`* Your current password is incorrect!`
                : tooMany
                  ? t`Too many wrong passwords: you have been signed out. Sign in again to continue.`
                  : mutation.isError
                    ? t`The password could not be changed. Please try again.`
                    : isDirty
                      ? message
                      : null
            }
          />
        </Stack>
      </DialogShell>
      <MessageDialog
        open={done}
        onClose={() => {
          setDone(false);
          close();
        }}
      >
        <Trans>Password is successfully changed</Trans>
      </MessageDialog>
    </>
  );
}
