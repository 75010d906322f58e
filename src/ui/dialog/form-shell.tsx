import { CloseButton, Dialog, Drawer, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useNarrowScreen } from '@/ui/use-narrow-screen';

type Props = { open: boolean; title: ReactNode; footer: ReactNode; children: ReactNode; onClose: () => void };

/** A dialog on wide screens; below the spec's 430 px a full-screen drawer. Closing asks `onClose`. */
export function FormShell({ open, title, footer, children, onClose }: Props) {
  const { t } = useLingui();
  const narrow = useNarrowScreen();
  const onOpenChange = (e: { open: boolean }) => !e.open && onClose();
  const close = <CloseButton size="sm" aria-label={t`Close`} />;
  if (narrow) {
    return (
      <Drawer.Root open={open} onOpenChange={onOpenChange} size="full" placement="bottom">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid="resource-form">
              <Drawer.Header>
                <Drawer.Title>{title}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>{children}</Drawer.Body>
              <Drawer.Footer>{footer}</Drawer.Footer>
              <Drawer.CloseTrigger asChild>{close}</Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} size="lg" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="resource-form">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
            <Dialog.CloseTrigger asChild>{close}</Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
