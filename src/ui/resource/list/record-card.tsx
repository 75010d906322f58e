import { Box, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { LocalRow } from '@/data/db/local-types';
import { SelectRadio } from '@/ui/resource/fields/select-radio';
import { CellValue } from '@/ui/resource/list/cell-value';
import type { RowsProps } from '@/ui/resource/list/list-types';
import { PendingBadge } from '@/ui/resource/list/pending-badge';
import { RowActions } from '@/ui/resource/list/row-actions';
import { RowCell } from '@/ui/resource/list/row-toggle';
import { columnLabel } from '@/ui/resource/view-config';

type Props = RowsProps & { row: LocalRow };

/** A record as a card (grid mode, and every row below 430 px): image on top, then labelled values. */
export function RecordCard(props: Props) {
  const { view, db, row, pending, selectedId, onSelect } = props;
  const { i18n } = useLingui();
  const name = String(row[view.titleField] ?? '');
  const selected = row.id === selectedId;
  const image = view.columns.find((c) => view.fields[c]?.widget.kind === 'image');
  const rest = view.columns.filter((c) => c !== image && c !== view.titleField);
  return (
    <Card.Root
      data-testid="resource-card"
      aria-selected={selected}
      size="sm"
      h="full"
      cursor="pointer"
      borderColor={selected ? 'colorPalette.solid' : undefined}
      bg={selected ? 'colorPalette.subtle' : 'bg'}
      onClick={() => onSelect(row.id)}
    >
      <Card.Body gap="3">
        {image && row[image] ? (
          <Box mx="-3" mt="-3" roundedTop="md" overflow="hidden">
            <CellValue view={view} db={db} field={image} value={row[image]} wide />
          </Box>
        ) : null}
        <HStack align="flex-start" gap="3">
          <Box pt="1">
            <SelectRadio
              group={`select-${view.resource}`}
              name={name}
              checked={selected}
              onSelect={() => onSelect(row.id)}
            />
          </Box>
          <Stack gap="1" flex="1" minW="0">
            <Box fontWeight="semibold">
              <RowCell {...props} row={row} field={view.titleField} name={name} lines={2} />
            </Box>
            <Box alignSelf="flex-start">
              <PendingBadge state={pending.get(row.id)} />
            </Box>
          </Stack>
          <RowActions {...props} row={row} name={name} />
        </HStack>
        <Stack as="dl" gap="1" fontSize="sm">
          {rest.map((field) => (
            <HStack key={field} align="baseline" gap="2">
              <Text as="dt" color="fg.muted" flexShrink="0">
                {i18n._(columnLabel(view, field)!)}
              </Text>
              <Box as="dd" minW="0">
                <RowCell {...props} row={row} field={field} name={name} lines={2} />
              </Box>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
