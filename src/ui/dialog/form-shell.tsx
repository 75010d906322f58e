import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DialogShell } from '@/ui/dialog/dialog-shell';
import { useNarrowScreen } from '@/ui/use-narrow-screen';

type Props = { open: boolean; title: ReactNode; footer: ReactNode; children: ReactNode; onClose: () => void };

/** A dialog on wide screens; below the spec's 430 px a full-screen drawer. Closing asks `onClose`. */
export function FormShell({ open, title, footer, children, onClose }: Props) {
  const { t } = useLingui();
  const narrow = useNarrowScreen();
  if (!narrow) {
    return (
      <DialogShell
        open={open}
        onClose={onClose}
        title={title}
        footer={footer}
        size="lg"
        scrollBehavior="inside"
        testId="resource-form"
      >
        {children}
      </DialogShell>
    );
  }
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="full" placement="bottom">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="resource-form">
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            <Drawer.Footer>{footer}</Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
