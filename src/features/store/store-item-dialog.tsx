import { Separator, Stack } from '@chakra-ui/react';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { ViewerDialog } from '@/ui/dialog/viewer-dialog';
import { AddToLibrary } from './add-to-library';
import { StoreItemBody } from './store-item-body';

type Props = { db: LocalDb; row: LocalRow; onClose: () => void };

/** A store item's preview (text, sound or video) and its "Add to library" action. */
export function StoreItemDialog({ db, row, onClose }: Props) {
  return (
    <ViewerDialog title={String(row.title ?? '')} testId="store-item" onClose={onClose}>
      <Stack gap="5">
        <StoreItemBody db={db} row={row} />
        <Separator />
        <AddToLibrary db={db} item={row} />
      </Stack>
    </ViewerDialog>
  );
}
