import { Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import type { OutboxEntry } from '@/data/db/local-types';
import { type ConflictChoice as Choice, conflictFields, resolveConflict } from '@/data/outbox/outbox-actions';
import { showActionError } from '@/features/sync/action-error';
import { ConflictChoice, type Side } from '@/features/sync/conflict-choice';
import { entryTitle } from '@/features/sync/entry-labels';
import { FormShell } from '@/ui/dialog/form-shell';
import { useResourceView } from '@/ui/resource/view-registry';
import { toaster } from '@/ui/toaster';

type Props = { db: LocalDb; entry: OutboxEntry; onClose: () => void };

/** A stale change: the admin keeps theirs, mine, or a field-by-field mix; nothing is overwritten silently. */
export function ConflictDialog({ db, entry, onClose }: Props) {
  const { t, i18n } = useLingui();
  const view = useResourceView(entry.resource);
  const fields = useMemo(() => conflictFields(entry), [entry]);
  const [choice, setChoice] = useState<Record<string, Side>>({});
  const [busy, setBusy] = useState(false);
  const isDelete = entry.op === 'delete';
  const gone = !entry.theirs || !!entry.theirs.deletedAt;

  async function resolve(how: Choice) {
    setBusy(true);
    try {
      await resolveConflict(db, entry.id, how);
      toaster.create({
        type: 'success',
        title: how === 'theirs' ? t`The server's version was kept.` : t`Your choice will be sent.`,
      });
      onClose();
    } catch (error) {
      showActionError(i18n, error);
    } finally {
      setBusy(false);
    }
  }
  const selection = () =>
    Object.fromEntries(
      fields.map((f) => [f.field, (choice[f.field] ?? 'mine') === 'mine' ? f.mine : f.theirs]),
    );

  const footer = (
    <>
      <Button variant="outline" onClick={onClose} disabled={busy}>
        <Trans>Cancel</Trans>
      </Button>
      <Button variant="outline" onClick={() => resolve('theirs')} loading={busy}>
        <Trans>Take theirs</Trans>
      </Button>
      {!gone && (
        <Button variant="outline" onClick={() => resolve('mine')} loading={busy}>
          {isDelete ? <Trans>Delete anyway</Trans> : <Trans>Keep mine</Trans>}
        </Button>
      )}
      {!gone && !isDelete && (
        <Button colorPalette="blue" onClick={() => resolve(selection())} loading={busy}>
          <Trans>Apply selection</Trans>
        </Button>
      )}
    </>
  );
  const name = entryTitle(entry);
  return (
    <FormShell open title={t`Resolve conflict: ${name}`} footer={footer} onClose={() => !busy && onClose()}>
      <Stack gap="4" data-testid="conflict-dialog">
        <Text fontSize="sm">
          {gone ? (
            <Trans>
              This record was deleted on the server after your change. Take theirs to drop your change.
            </Trans>
          ) : isDelete ? (
            <Trans>You deleted this record, but someone changed it on the server meanwhile.</Trans>
          ) : (
            <Trans>
              Someone changed this record on the server after your change. Choose, field by field, which value
              to keep.
            </Trans>
          )}
        </Text>
        {!gone && !isDelete && (
          <ConflictChoice
            view={view}
            fields={fields}
            choice={choice}
            onChoose={(field, side) => setChoice((c) => ({ ...c, [field]: side }))}
          />
        )}
      </Stack>
    </FormShell>
  );
}
