import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';

type Props = {
  open: boolean;
  /** Escape, a click outside or the close button: the caller decides whether it closes. */
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: Dialog.RootProps['size'];
  placement?: Dialog.RootProps['placement'];
  scrollBehavior?: Dialog.RootProps['scrollBehavior'];
  role?: 'dialog' | 'alertdialog';
  initialFocusEl?: () => HTMLElement | null;
  /** The corner close button; questions that need an answer go without one. */
  closable?: boolean;
  /** The content is the form, so the footer's submit button submits it and Enter works in any field. */
  onSubmit?: (e: FormEvent) => void;
  testId?: string;
};

/** The one dialog skeleton: backdrop, title, body, footer and close button, centred by default. */
export function DialogShell({
  open,
  onClose,
  title,
  children,
  footer,
  size,
  placement = 'center',
  scrollBehavior,
  role,
  initialFocusEl,
  closable = true,
  onSubmit,
  testId,
}: Props) {
  const { t } = useLingui();
  const form = onSubmit ? ({ as: 'form', noValidate: true, onSubmit } as const) : {};
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      size={size}
      placement={placement}
      scrollBehavior={scrollBehavior}
      role={role}
      initialFocusEl={initialFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} {...form}>
            {title && (
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
            )}
            <Dialog.Body pt={title ? undefined : '6'}>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            {closable && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t`Close`} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
