import {
  Box,
  chakra,
  Field,
  HStack,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import {
  AREA_LABELS,
  AREAS,
  COLUMN_LABELS,
  PERMISSION_COLUMNS,
  parsePermissions,
  serializePermissions,
  togglePermission,
} from '@/ui/resource/fields/permissions-value';
import { useNarrowScreen } from '@/ui/use-narrow-screen';

type Props = { name: string; label: string; value: string; onChange: (value: string) => void };

/**
 * The permission matrix of a role (spec section 6): areas x [menu, view, CRUD]. A table of
 * checkboxes on wider screens; below 430 px one stacked block of toggles per area, no overflow.
 */
export function PermissionsField({ name, label, value, onChange }: Props) {
  const { i18n, t } = useLingui();
  const narrow = useNarrowScreen();
  const p = parsePermissions(value);
  const viewTypes = (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" mb="3" w="full">
      {(['courseAllorGroup', 'quizAllorGroup'] as const).map((k) => (
        <Field.Root key={k}>
          <Field.Label>{k === 'courseAllorGroup' ? t`Course view` : t`Quiz view`}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name={`${name}.${k}`}
              value={p[k]}
              onChange={(e) =>
                onChange(serializePermissions({ ...p, [k]: e.target.value as 'all' | 'group' }))
              }
            >
              <option value="all">{t`All`}</option>
              <option value="group">{t`Own group`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      ))}
    </SimpleGrid>
  );
  const set = (area: (typeof AREAS)[number], column: (typeof PERMISSION_COLUMNS)[number], on: boolean) =>
    onChange(serializePermissions(togglePermission(p, area, column, on)));

  if (narrow) {
    return (
      <Stack gap="3" w="full" data-testid={`${name}-stacked`}>
        {viewTypes}
        {AREAS.map((area) => (
          <Box key={area} borderWidth="1px" rounded="md" p="3">
            <Text fontWeight="semibold" mb="2">
              {i18n._(AREA_LABELS[area])}
            </Text>
            <Stack gap="2">
              {PERMISSION_COLUMNS.map((c) => {
                const areaLabel = i18n._(AREA_LABELS[area]);
                const text = `${areaLabel}: ${i18n._(COLUMN_LABELS[c])}`;
                return (
                  <Switch.Root
                    key={c}
                    checked={p.areas[area][c]}
                    onCheckedChange={(e) => set(area, c, e.checked)}
                    justifyContent="space-between"
                    w="full"
                  >
                    <Switch.HiddenInput aria-label={text} />
                    {/* The input is named by this label: the area is read out, not shown twice. */}
                    <Switch.Label>
                      <VisuallyHidden>{areaLabel}: </VisuallyHidden>
                      {i18n._(COLUMN_LABELS[c])}
                    </Switch.Label>
                    <Switch.Control />
                  </Switch.Root>
                );
              })}
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Box w="full">
      {viewTypes}
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label={label} data-testid={`${name}-matrix`}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{label}</Table.ColumnHeader>
              {PERMISSION_COLUMNS.map((c) => (
                <Table.ColumnHeader key={c} textAlign="center">
                  {i18n._(COLUMN_LABELS[c])}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {AREAS.map((area) => (
              <Table.Row key={area}>
                <Table.Cell>{i18n._(AREA_LABELS[area])}</Table.Cell>
                {PERMISSION_COLUMNS.map((c) => (
                  <Table.Cell key={c} textAlign="center">
                    <HStack justify="center">
                      <chakra.input
                        type="checkbox"
                        boxSize="4"
                        accentColor="colorPalette.solid"
                        checked={p.areas[area][c]}
                        aria-label={`${i18n._(AREA_LABELS[area])}: ${i18n._(COLUMN_LABELS[c])}`}
                        onChange={(e) => set(area, c, e.target.checked)}
                      />
                    </HStack>
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
