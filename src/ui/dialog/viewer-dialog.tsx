import { Button } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DialogShell } from '@/ui/dialog/dialog-shell';

/** A dialog that shows something to read, watch or listen to: full screen on a phone, a Close button. */
export function ViewerDialog({
  title,
  testId,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <DialogShell
      open
      onClose={onClose}
      title={title}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      testId={testId}
      footer={
        <Button variant="outline" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      {children}
    </DialogShell>
  );
}
