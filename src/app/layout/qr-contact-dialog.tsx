import { Button, Center, CloseButton, Dialog, Portal, QrCode, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

const contactUrl = import.meta.env.VITE_ISO_CONTACT_URL;

/** Spec section 6: without ISO access the training roadmap entries show how to get it. */
export function QrContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="sm" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Training roadmap (ISO)</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
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
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>
                <Trans>Close</Trans>
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
