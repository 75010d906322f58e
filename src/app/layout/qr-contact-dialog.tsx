import { Button, Center, QrCode, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { DialogShell } from '@/ui/dialog/dialog-shell';

const contactUrl = import.meta.env.VITE_ISO_CONTACT_URL;

/** Spec section 6: without ISO access the training roadmap entries show how to get it. */
export function QrContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const footer = (
    <Button onClick={onClose}>
      <Trans>Close</Trans>
    </Button>
  );
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      size="sm"
      title={<Trans>Training roadmap (ISO)</Trans>}
      footer={footer}
    >
      <Stack gap="4">
        <Text>
          <Trans>
            The training roadmap is not included in your company's plan. Contact us to turn it on.
          </Trans>
        </Text>
        {contactUrl && (
          <Center>
            <QrCode.Root value={contactUrl} size="xl">
              <QrCode.Frame>
                <QrCode.Pattern />
              </QrCode.Frame>
            </QrCode.Root>
          </Center>
        )}
        {contactUrl && (
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            <Trans>Scan the code to contact us.</Trans>
          </Text>
        )}
      </Stack>
    </DialogShell>
  );
}
