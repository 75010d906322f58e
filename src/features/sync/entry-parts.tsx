import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { validationErrorData } from '#contract/api-errors.ts';
import type { OutboxEntry } from '@/data/db/local-types';
import { useLocalDb } from '@/data/db/use-local-db';
import { stagedRefsOf } from '@/data/uploads/upload-refs';
import { STAGED_PREFIX } from '@/data/uploads/uploads';
import { entryTitle, OP_LABELS } from '@/features/sync/entry-labels';
import { translateIssue } from '@/ui/form/validation-messages';
import { UploadProgress } from '@/ui/resource/fields/upload-progress';
import { PendingBadge } from '@/ui/resource/list/pending-badge';
import { useResourceView } from '@/ui/resource/view-registry';

export type EntryAction = 'edit' | 'retry' | 'discard' | 'resolve';

/** Resource, kind of change and the record's name. */
export function EntrySubject({ entry }: { entry: OutboxEntry }) {
  const { i18n } = useLingui();
  const view = useResourceView(entry.resource);
  return (
    <Stack gap="0.5" minW="0">
      <HStack gap="2" wrap="wrap">
        <Badge size="sm" variant="outline">
          {i18n._(view.title)}
        </Badge>
        <Text fontSize="xs" color="fg.muted">
          {i18n._(OP_LABELS[entry.op])}
        </Text>
      </HStack>
      <Text fontWeight="medium" truncate title={entryTitle(entry)} data-testid="entry-title">
        {entryTitle(entry)}
      </Text>
    </Stack>
  );
}

export function EntryTime({ entry }: { entry: OutboxEntry }) {
  const { i18n } = useLingui();
  const at = new Date(entry.createdAt);
  return (
    <Text asChild fontSize="sm" color="fg.muted" whiteSpace="nowrap">
      <time dateTime={at.toISOString()}>
        {new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at)}
      </time>
    </Text>
  );
}

/** The state badge and, for a refused change, the server's reason (field by field when it gave them). */
export function EntryStatus({ entry }: { entry: OutboxEntry }) {
  const { i18n } = useLingui();
  const db = useLocalDb();
  // A change waiting for its files shows each file's upload (state, percent, bytes).
  const uploads = db ? stagedRefsOf(entry) : [];
  const fields = validationErrorData.safeParse(entry.problem?.data);
  const labels = useResourceView(entry.resource).fields;
  return (
    <Stack gap="1" align="flex-start">
      <PendingBadge state={entry.state} size="sm" />
      {db &&
        uploads.map((u) => (
          <Stack key={u.id} w="full" minW="48">
            <UploadProgress db={db} fileRef={`${STAGED_PREFIX}${u.id}`} />
          </Stack>
        ))}
      {entry.state === 'parked' && entry.problem && (
        <Text fontSize="sm" color="fg.error" data-testid="entry-problem">
          {translateIssue(i18n, entry.problem.message)}
        </Text>
      )}
      {entry.state === 'parked' &&
        fields.success &&
        fields.data.fields.map((f) => {
          const label = labels[f.path.split('.')[0] ?? ''];
          return (
            <Text key={f.path} fontSize="xs" color="fg.error">
              {label ? `${i18n._(label.label)}: ` : ''}
              {translateIssue(i18n, f.message)}
            </Text>
          );
        })}
      {entry.state === 'conflict' && (
        <Text fontSize="sm" color="fg.muted">
          <Trans>Someone else changed this record on the server.</Trans>
        </Text>
      )}
    </Stack>
  );
}

/** Parked: edit and retry (or retry a refused delete), discard. Conflict: resolve, discard. */
export function EntryActions({
  entry,
  onAction,
}: {
  entry: OutboxEntry;
  onAction: (a: EntryAction) => void;
}) {
  if (entry.state === 'pending') return null;
  return (
    <HStack gap="2" wrap="wrap">
      {entry.state === 'conflict' ? (
        <Button size="xs" colorPalette="blue" onClick={() => onAction('resolve')}>
          <Trans>Resolve</Trans>
        </Button>
      ) : entry.op === 'delete' ? (
        <Button size="xs" colorPalette="blue" onClick={() => onAction('retry')}>
          <Trans>Retry</Trans>
        </Button>
      ) : (
        <Button size="xs" colorPalette="blue" onClick={() => onAction('edit')}>
          <Trans>Edit and retry</Trans>
        </Button>
      )}
      <Button size="xs" variant="outline" colorPalette="red" onClick={() => onAction('discard')}>
        <Trans>Discard</Trans>
      </Button>
    </HStack>
  );
}
