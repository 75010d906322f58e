import { Button, Dialog, Portal } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

type Props = { open: boolean; onClose: () => void; title?: ReactNode; children: ReactNode };

/** The success dialogs of spec section 8 ("Update Profile is successful." and the like). */
export function MessageDialog({ open, onClose, title, children }: Props) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      role="alertdialog"
      size="xs"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {title && (
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
            )}
            <Dialog.Body pt={title ? undefined : '6'}>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>
                <Trans>OK</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
