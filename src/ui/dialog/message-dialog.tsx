import { Button } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DialogShell } from '@/ui/dialog/dialog-shell';

type Props = { open: boolean; onClose: () => void; title?: ReactNode; children: ReactNode };

/** The success dialogs of spec section 8 ("Update Profile is successful." and the like). */
export function MessageDialog({ open, onClose, title, children }: Props) {
  const footer = (
    <Button onClick={onClose}>
      <Trans>OK</Trans>
    </Button>
  );
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      role="alertdialog"
      size="xs"
      closable={false}
      title={title}
      footer={footer}
    >
      {children}
    </DialogShell>
  );
}
