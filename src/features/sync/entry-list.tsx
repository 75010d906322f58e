import { Card, Stack, Table } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { OutboxEntry } from '@/data/db/local-types';
import {
  type EntryAction,
  EntryActions,
  EntryStatus,
  EntrySubject,
  EntryTime,
} from '@/features/sync/entry-parts';
import { useNarrowScreen } from '@/ui/use-narrow-screen';

type Props = { entries: OutboxEntry[]; onAction: (entry: OutboxEntry, action: EntryAction) => void };

/** Unsent changes: a table on wide screens, cards below the spec's 430 px. */
export function EntryList({ entries, onAction }: Props) {
  const narrow = useNarrowScreen();
  if (narrow) {
    return (
      <Stack gap="3" data-testid="entry-cards">
        {entries.map((entry) => (
          <Card.Root key={entry.id} size="sm" data-testid="outbox-entry" data-state={entry.state}>
            <Card.Body gap="2">
              <EntrySubject entry={entry} />
              <EntryTime entry={entry} />
              <EntryStatus entry={entry} />
              <EntryActions entry={entry} onAction={(a) => onAction(entry, a)} />
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" data-testid="entry-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Trans>Change</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Made</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Status</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Actions</Trans>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => (
            <Table.Row key={entry.id} data-testid="outbox-entry" data-state={entry.state} verticalAlign="top">
              <Table.Cell maxW="xs">
                <EntrySubject entry={entry} />
              </Table.Cell>
              <Table.Cell>
                <EntryTime entry={entry} />
              </Table.Cell>
              <Table.Cell maxW="sm">
                <EntryStatus entry={entry} />
              </Table.Cell>
              <Table.Cell>
                <EntryActions entry={entry} onAction={(a) => onAction(entry, a)} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
