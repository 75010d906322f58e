import { Button } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useRef } from 'react';
import { DialogShell } from '@/ui/dialog/dialog-shell';

type Props = {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question (delete, discard changes); Cancel has the focus so Enter never destroys. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  destructive,
  busy,
  onConfirm,
  onCancel,
}: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  const footer = (
    <>
      <Button variant="outline" onClick={onCancel} disabled={busy} ref={cancel}>
        <Trans>Cancel</Trans>
      </Button>
      <Button colorPalette={destructive ? 'red' : undefined} loading={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </>
  );
  return (
    <DialogShell
      open={open}
      onClose={() => !busy && onCancel()}
      role="alertdialog"
      size="xs"
      initialFocusEl={() => cancel.current}
      closable={false}
      title={title}
      footer={footer}
      testId="confirm-dialog"
    >
      {children}
    </DialogShell>
  );
}
