import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { mutate } from '@/data/outbox/outbox';
import { ConfirmDialog } from '@/ui/dialog/confirm-dialog';
import { formatDateValue } from '@/ui/resource/form/date-values';
import { toastWriteError } from '@/ui/resource/form/write-error';
import { toaster } from '@/ui/toaster';
import { NOT_SAVED } from './course-messages';
import { CourseStateSlot } from './course-state-slot';
import { userName } from './user-name';

type Props = {
  db: LocalDb;
  course: LocalRow;
  enrolments: LocalRow[];
  users: Map<string, LocalRow>;
  canUpdate: boolean;
  seatFor: (userId: string) => string | null;
  onProblem: (message: string | null) => void;
};

type Pending = { kind: 'remove' | 'refuse'; row: LocalRow; name: string };

/**
 * The course's users one by one (enrolled), the learners' requests to accept or refuse, and the
 * refused ones (which can still be accepted). Each change is one Enrolment write in the outbox.
 */
export function EnrolmentList({ db, course, enrolments, users, canUpdate, seatFor, onProblem }: Props) {
  const { t, i18n } = useLingui();
  const [pending, setPending] = useState<Pending | null>(null);
  const nameOf = (row: LocalRow) => userName(users.get(String(row.userId))) || t`(removed user)`;
  const byName = (a: LocalRow, b: LocalRow) => nameOf(a).localeCompare(nameOf(b), i18n.locale);
  const enrolled = enrolments.filter((e) => e.status === 'enrolled').sort(byName);
  const requested = enrolments.filter((e) => e.status === 'requested').sort(byName);
  const refused = enrolments.filter((e) => e.status === 'refused').sort(byName);

  async function write(run: () => Promise<unknown>, done: string) {
    onProblem(null);
    try {
      await run();
      toaster.create({ type: 'success', title: done });
    } catch (error) {
      toastWriteError(i18n, error, NOT_SAVED);
    }
  }
  const setStatus = (row: LocalRow, status: string) =>
    mutate(db, { resource: 'Enrolment', op: 'update', payload: { id: row.id, status } });
  function accept(row: LocalRow) {
    const refusal = seatFor(String(row.userId));
    if (refusal) return onProblem(refusal);
    const name = nameOf(row);
    void write(() => setStatus(row, 'enrolled'), t`${name} now takes this course.`);
  }
  function confirm() {
    if (!pending) return;
    const { kind, row, name } = pending;
    setPending(null);
    if (kind === 'remove')
      void write(
        () => mutate(db, { resource: 'Enrolment', op: 'delete', payload: { id: row.id } }),
        t`User removed from the course.`,
      );
    else void write(() => setStatus(row, 'refused'), t`Request refused: ${name} will not take this course.`);
  }

  const when = (row: LocalRow) =>
    row.requestedAt ? formatDateValue(i18n.locale, String(row.requestedAt), 'datetime') : '';
  const line = (row: LocalRow, actions: React.ReactNode, detail?: string, state?: boolean) => (
    <HStack
      as="li"
      key={row.id}
      data-testid="enrolment-row"
      data-user={nameOf(row)}
      justify="space-between"
      align="center"
      wrap="wrap"
      gap="2"
      py="2"
      borderTopWidth="1px"
    >
      <Stack gap="0" minW="0" flex="1 1 12rem">
        <Text fontWeight="medium" wordBreak="break-word">
          {nameOf(row)}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {[String(users.get(String(row.userId))?.employeeId ?? ''), detail].filter(Boolean).join(' · ')}
        </Text>
        {state && <CourseStateSlot courseId={course.id} userId={String(row.userId)} />}
      </Stack>
      {canUpdate && <HStack gap="2">{actions}</HStack>}
    </HStack>
  );
  const pendingName = pending?.name ?? '';
  return (
    <Stack gap="5">
      {enrolled.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No user was added one by one yet.</Trans>
        </Text>
      ) : (
        <Box as="ul" listStyleType="none" m="0" p="0" aria-label={t`Users added one by one`}>
          {enrolled.map((row) =>
            line(
              row,
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                onClick={() => setPending({ kind: 'remove', row, name: nameOf(row) })}
              >
                <Trans>Remove</Trans>
              </Button>,
              undefined,
              true,
            ),
          )}
        </Box>
      )}
      <Stack gap="2" as="section" aria-labelledby="course-requests-heading">
        <HStack gap="2">
          <Heading as="h2" size="md" id="course-requests-heading">
            <Trans>Requests from learners</Trans>
          </Heading>
          <Badge>{i18n.number(requested.length)}</Badge>
        </HStack>
        {requested.length === 0 ? (
          <Text color="fg.muted">
            <Trans>No request is waiting.</Trans>
          </Text>
        ) : (
          <Box as="ul" listStyleType="none" m="0" p="0" data-testid="requests">
            {requested.map((row) =>
              line(
                row,
                <>
                  <Button size="xs" onClick={() => accept(row)}>
                    <Trans>Accept</Trans>
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => setPending({ kind: 'refuse', row, name: nameOf(row) })}
                  >
                    <Trans>Refuse</Trans>
                  </Button>
                </>,
                when(row) ? t`Asked ${when(row)}` : undefined,
              ),
            )}
          </Box>
        )}
      </Stack>
      {refused.length > 0 && (
        <Stack gap="2" as="section" aria-labelledby="course-refused-heading">
          <Heading as="h2" size="sm" id="course-refused-heading">
            <Trans>Refused requests</Trans>
          </Heading>
          <Box as="ul" listStyleType="none" m="0" p="0">
            {refused.map((row) =>
              line(
                row,
                <Button size="xs" variant="outline" onClick={() => accept(row)}>
                  <Trans>Accept</Trans>
                </Button>,
              ),
            )}
          </Box>
        </Stack>
      )}
      <ConfirmDialog
        open={!!pending}
        title={pending?.kind === 'refuse' ? t`Refuse this request?` : t`Remove this user from the course?`}
        confirmLabel={pending?.kind === 'refuse' ? t`Refuse` : t`Remove`}
        destructive
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      >
        <Text>
          {pending?.kind === 'refuse' ? (
            <Trans>{pendingName} asked for this course and will not get it.</Trans>
          ) : (
            <Trans>
              {pendingName} will no longer take this course, unless one of its groups includes them.
            </Trans>
          )}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
