import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { STATUS } from '#contract/envelope.ts';
import { ApiError } from '@/data/http/api';
import { useSession } from '@/data/session/use-session';
import { changePasswordMessage } from '@/features/password/change-password-message';
import { changePassword } from '@/features/password/password-api';
import { MessageDialog } from '@/ui/dialog/message-dialog';
import { useUnsavedWork } from '@/ui/form/use-unsaved-work';

const EMPTY = { current: '', next: '', confirm: '' };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const [form, setForm] = useState(EMPTY);
  const [done, setDone] = useState(false);
  const dirty = form.current !== '' || form.next !== '' || form.confirm !== '';
  useUnsavedWork(open && dirty);
  const mutation = useMutation({ mutationFn: changePassword, onSuccess: () => setDone(true) });
  const message = changePasswordMessage(form);
  const wrongCurrent = mutation.error instanceof ApiError && mutation.error.status === STATUS.wrongPassword;

  const close = () => {
    setForm(EMPTY);
    mutation.reset();
    onClose();
  };
  const finish = () => {
    setDone(false);
    close();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (message || !session) return;
    mutation.mutate({ userId: session.userID, currentPassword: form.current, newPassword: form.next });
  };
  const field = (key: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <Field.Root required invalid={key === 'current' && wrongCurrent}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="password"
        autoComplete={autoComplete}
        value={form[key]}
        onChange={(e) => {
          setForm({ ...form, [key]: e.target.value });
          mutation.reset();
        }}
      />
    </Field.Root>
  );

  return (
    <>
      <Dialog.Root open={open && !done} onOpenChange={(e) => !e.open && close()} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content as="form" onSubmit={submit}>
              <Dialog.Header>
                <Dialog.Title>
                  <Trans>Change password</Trans>
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {field('current', t`Current password`, 'current-password')}
                  {field('next', t`New password`, 'new-password')}
                  {field('confirm', t`Confirm new password`, 'new-password')}
                  <Text color="red.600" fontSize="sm" minH="5" aria-live="polite">
                    {wrongCurrent
                      ? t`* Your current password is incorrect!`
                      : mutation.isError
                        ? t`The password could not be changed. Please try again.`
                        : dirty && message
                          ? i18n._(message)
                          : ''}
                  </Text>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button type="submit" colorPalette="blue" disabled={!!message} loading={mutation.isPending}>
                  <Trans>Save</Trans>
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <MessageDialog open={done} onClose={finish}>
        <Trans>Password is successfully changed</Trans>
      </MessageDialog>
    </>
  );
}
