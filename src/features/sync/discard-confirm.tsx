import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import type { OutboxEntry } from '@/data/db/local-types';
import { discard } from '@/data/outbox/outbox-actions';
import { showActionError } from '@/features/sync/action-error';
import { entryTitle } from '@/features/sync/entry-labels';
import { ConfirmDialog } from '@/ui/dialog/confirm-dialog';
import { toaster } from '@/ui/toaster';

/** Dropping a change is final: the server's copy comes back and later changes of the record go too. */
export function DiscardConfirm({
  db,
  entry,
  onClose,
}: {
  db: LocalDb;
  entry: OutboxEntry | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const name = entry ? entryTitle(entry) : '';
  async function confirm() {
    if (!entry) return;
    setBusy(true);
    try {
      await discard(db, entry.id);
      toaster.create({ type: 'success', title: t`The change was discarded.` });
      onClose();
    } catch (error) {
      showActionError(i18n, error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <ConfirmDialog
      open={!!entry}
      title={<Trans>Discard this change?</Trans>}
      confirmLabel={<Trans>Discard</Trans>}
      destructive
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <Trans>
        Your change to "{name}" will be dropped, with any later changes to the same record, and the server's
        version kept. This cannot be undone.
      </Trans>
    </ConfirmDialog>
  );
}
