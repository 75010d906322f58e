import { Button, Separator, Stack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { DialogShell } from '@/ui/dialog/dialog-shell';
import { AddToLibrary } from './add-to-library';
import { StoreItemBody } from './store-item-body';

type Props = { db: LocalDb; row: LocalRow; onClose: () => void };

/** A store item's preview (text, sound or video) and its "Add to library" action. */
export function StoreItemDialog({ db, row, onClose }: Props) {
  return (
    <DialogShell
      open
      onClose={onClose}
      title={String(row.title ?? '')}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      testId="store-item"
      footer={
        <Button variant="outline" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <Stack gap="5">
        <StoreItemBody db={db} row={row} />
        <Separator />
        <AddToLibrary db={db} item={row} />
      </Stack>
    </DialogShell>
  );
}
