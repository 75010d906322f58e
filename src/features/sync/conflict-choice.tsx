import { RadioGroup, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldConflict } from '@/data/outbox/outbox-actions';
import { displayText } from '@/ui/resource/list/display-text';
import type { AnyView } from '@/ui/resource/view-config';
import { useNarrowScreen } from '@/ui/use-narrow-screen';

export type Side = 'mine' | 'theirs';
type Props = {
  view: AnyView;
  fields: FieldConflict[];
  choice: Record<string, Side>;
  onChoose: (field: string, side: Side) => void;
};

function Pick({ f, view, side, checked }: { f: FieldConflict; view: AnyView; side: Side; checked: boolean }) {
  const { i18n } = useLingui();
  const text = displayText(i18n, view, f.field, side === 'mine' ? f.mine : f.theirs) || '—';
  if (!f.differs) return <Text fontSize="sm">{text}</Text>;
  return (
    <RadioGroup.Item value={side} alignItems="flex-start" data-testid={`pick-${f.field}-${side}`}>
      <RadioGroup.ItemHiddenInput />
      <RadioGroup.ItemIndicator />
      <RadioGroup.ItemText fontWeight={checked ? 'semibold' : 'normal'} wordBreak="break-word">
        {text}
      </RadioGroup.ItemText>
    </RadioGroup.Item>
  );
}

/** Mine vs theirs, field by field; a differing field is a choice between the two values. */
export function ConflictChoice({ view, fields, choice, onChoose }: Props) {
  const { i18n } = useLingui();
  const narrow = useNarrowScreen();
  const label = (field: string) => (view.fields[field] ? i18n._(view.fields[field].label) : field);
  const row = (f: FieldConflict, cells: (side: Side) => React.ReactNode) => (
    <RadioGroup.Root
      key={f.field}
      size="sm"
      value={choice[f.field] ?? 'mine'}
      onValueChange={(e) => e.value && onChoose(f.field, e.value as Side)}
      aria-label={label(f.field)}
      asChild
    >
      {cells(choice[f.field] ?? 'mine')}
    </RadioGroup.Root>
  );
  if (narrow) {
    return (
      <Stack gap="3" data-testid="conflict-fields">
        {fields.map((f) =>
          row(f, (side) => (
            <Stack gap="1" p="2" borderWidth="1px" rounded="md" bg={f.differs ? 'bg.warning' : undefined}>
              <Text fontWeight="semibold" fontSize="sm">
                {label(f.field)}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                <Trans>Mine</Trans>
              </Text>
              <Pick f={f} view={view} side="mine" checked={side === 'mine'} />
              <Text fontSize="xs" color="fg.muted">
                <Trans>Theirs</Trans>
              </Text>
              <Pick f={f} view={view} side="theirs" checked={side === 'theirs'} />
            </Stack>
          )),
        )}
      </Stack>
    );
  }
  return (
    <Table.Root size="sm" data-testid="conflict-fields">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>
            <Trans>Field</Trans>
          </Table.ColumnHeader>
          <Table.ColumnHeader>
            <Trans>Mine</Trans>
          </Table.ColumnHeader>
          <Table.ColumnHeader>
            <Trans>Theirs</Trans>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {fields.map((f) =>
          row(f, (side) => (
            <Table.Row bg={f.differs ? 'bg.warning' : undefined} verticalAlign="top">
              <Table.Cell fontWeight="medium">{label(f.field)}</Table.Cell>
              <Table.Cell>
                <Pick f={f} view={view} side="mine" checked={side === 'mine'} />
              </Table.Cell>
              <Table.Cell>
                <Pick f={f} view={view} side="theirs" checked={side === 'theirs'} />
              </Table.Cell>
            </Table.Row>
          )),
        )}
      </Table.Body>
    </Table.Root>
  );
}
