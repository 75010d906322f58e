import { Button, Checkbox, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { mutate } from '@/data/outbox/outbox';
import { ConfirmDialog } from '@/ui/dialog/confirm-dialog';
import { downloadReport } from '@/ui/report/report-workbook';
import { toastWriteError } from '@/ui/resource/form/write-error';
import { toaster } from '@/ui/toaster';
import { EventFrame } from './event-frame';

const NOT_SAVED = msg`The participant was not saved.`;

/** /home/event/participant/{id}: users and groups on the event, attendance, Excel export. */
export default function EventParticipantsPage() {
  const { t } = useLingui();
  return (
    <EventFrame title={t`Participants`}>
      {({ db, event, canUpdate }) => <Participants db={db} event={event} canUpdate={canUpdate} />}
    </EventFrame>
  );
}

const userName = (u: LocalRow | undefined) => (u ? `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() : '');

function Participants({ db, event, canUpdate }: { db: LocalDb; event: LocalRow; canUpdate: boolean }) {
  const { t, i18n } = useLingui();
  const [choice, setChoice] = useState('');
  const [removing, setRemoving] = useState<LocalRow | null>(null);
  const data = useLiveQuery(async () => {
    const [parts, users, departments] = await Promise.all([
      db.rows('EventParticipant').toArray(),
      db.rows('User').toArray(),
      db.rows('Department').toArray(),
    ]);
    return {
      parts: parts.filter((p) => !p.deletedAt && p.eventId === event.id),
      users: users.filter((u) => !u.deletedAt),
      departments: departments.filter((d) => !d.deletedAt),
    };
  }, [db, event.id]);
  if (!data) return null;
  const users = new Map(data.users.map((u) => [u.id, u]));
  const departments = new Map(data.departments.map((d) => [d.id, d]));
  const nameOf = (p: LocalRow) =>
    p.userId
      ? userName(users.get(String(p.userId)))
      : String(departments.get(String(p.departmentId))?.name ?? '');
  const kindOf = (p: LocalRow) => (p.userId ? t`User` : t`Group`);
  const taken = new Set(data.parts.map((p) => String(p.userId ?? p.departmentId)));

  async function add() {
    if (!choice) return;
    const [kind, id] = choice.split(':');
    try {
      await mutate(db, {
        resource: 'EventParticipant',
        op: 'create',
        payload: {
          eventId: event.id,
          userId: kind === 'u' ? id : null,
          departmentId: kind === 'd' ? id : null,
          attended: false,
        },
      });
      setChoice('');
      toaster.create({ type: 'success', title: t`Participant added successfully.` });
    } catch (e) {
      toastWriteError(i18n, e, NOT_SAVED);
    }
  }
  async function attend(p: LocalRow, attended: boolean) {
    try {
      await mutate(db, { resource: 'EventParticipant', op: 'update', payload: { id: p.id, attended } });
      toaster.create({ type: 'success', title: t`Attendance saved.` });
    } catch (e) {
      toastWriteError(i18n, e, NOT_SAVED);
    }
  }
  async function remove(p: LocalRow) {
    setRemoving(null);
    try {
      await mutate(db, { resource: 'EventParticipant', op: 'delete', payload: { id: p.id } });
      toaster.create({ type: 'success', title: t`Participant removed successfully.` });
    } catch (e) {
      toastWriteError(i18n, e, NOT_SAVED);
    }
  }
  function exportExcel() {
    const rows = data!.parts.map((p) => [nameOf(p), kindOf(p), p.attended ? t`Attended` : t`Not attended`]);
    void downloadReport('event-participants.xlsx', [
      [t`Participants`, String(event.name)],
      [],
      [t`Name`, t`Type`, t`Attendance`],
      ...rows,
    ]);
  }

  return (
    <Stack gap="4">
      {canUpdate && (
        <HStack gap="2" flexWrap="wrap" align="end">
          <NativeSelect.Root maxW={{ base: 'full', sm: 'sm' }}>
            <NativeSelect.Field
              aria-label={t`User or group`}
              value={choice}
              onChange={(e) => setChoice(e.currentTarget.value)}
              data-testid="participant-choice"
            >
              <option value="">{t`Choose a user or group`}</option>
              <optgroup label={t`Groups`}>
                {data.departments
                  .filter((d) => !taken.has(d.id))
                  .map((d) => (
                    <option key={d.id} value={`d:${d.id}`}>
                      {String(d.name)}
                    </option>
                  ))}
              </optgroup>
              <optgroup label={t`Users`}>
                {data.users
                  .filter((u) => !taken.has(u.id))
                  .map((u) => (
                    <option key={u.id} value={`u:${u.id}`}>
                      {userName(u)}
                    </option>
                  ))}
              </optgroup>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button onClick={add} disabled={!choice} data-testid="participant-add">
            <Trans>Add participant</Trans>
          </Button>
          <Button variant="outline" onClick={exportExcel} disabled={data.parts.length === 0}>
            <Trans>Export to Excel</Trans>
          </Button>
        </HStack>
      )}
      {data.parts.length === 0 ? (
        <Text color="fg.muted" data-testid="participants-empty">
          <Trans>No participants yet.</Trans>
        </Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" data-testid="participants">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Name</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Type</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Attended</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.parts.map((p) => (
                <Table.Row key={p.id} data-testid="participant-row">
                  <Table.Cell>{nameOf(p)}</Table.Cell>
                  <Table.Cell>{kindOf(p)}</Table.Cell>
                  <Table.Cell>
                    <Checkbox.Root
                      checked={p.attended === true}
                      disabled={!canUpdate}
                      onCheckedChange={(e) => attend(p, e.checked === true)}
                    >
                      <Checkbox.HiddenInput aria-label={t`Attended: ${nameOf(p)}`} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {canUpdate && (
                      <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setRemoving(p)}>
                        <Trans>Remove</Trans>
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={<Trans>Remove participant?</Trans>}
        confirmLabel={<Trans>Remove</Trans>}
        destructive
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <Trans>{removing ? nameOf(removing) : ''} will no longer be on this event.</Trans>
      </ConfirmDialog>
    </Stack>
  );
}
