import { Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { mutate } from '@/data/outbox/outbox';
import { ConfirmDialog } from '@/ui/dialog/confirm-dialog';
import { toastWriteError } from '@/ui/resource/form/write-error';
import type { AnyView } from '@/ui/resource/view-config';
import { toaster } from '@/ui/toaster';

type Props = { view: AnyView; db: LocalDb; row: LocalRow | null; onDone: () => void };

/** Asks before deleting, naming the record; says "deleted" only after the delete is committed locally. */
export function DeleteConfirm({ view, db, row, onDone }: Props) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const name = String(row?.[view.titleField] ?? '');

  async function remove() {
    if (!row) return;
    setBusy(true);
    try {
      const blocked = await view.deleteBlocker?.(db, row, i18n);
      if (blocked) {
        toaster.create({ type: 'error', title: blocked });
        onDone();
        return;
      }
      await mutate(db, { resource: view.resource, op: 'delete', payload: { id: row.id } });
      toaster.create({ type: 'success', title: i18n._(view.messages.deleted) });
      onDone();
    } catch (error) {
      toastWriteError(i18n, error, msg`The record could not be deleted. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={!!row}
      title={<Trans>Delete “{name}”?</Trans>}
      confirmLabel={<Trans>Delete</Trans>}
      destructive
      busy={busy}
      onConfirm={() => void remove()}
      onCancel={onDone}
    >
      <Text>
        <Trans>The record is removed for everyone once this change is synced.</Trans>
      </Text>
    </ConfirmDialog>
  );
}
