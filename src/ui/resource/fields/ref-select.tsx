import { NativeSelect, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ResourceName } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { useResourceList, useResourceRecord } from '@/data/db/use-resource';

export const refLabel = (row: LocalRow, labelFields: readonly string[]) =>
  labelFields
    .map((f) => String(row[f] ?? ''))
    .filter(Boolean)
    .join(' ');

type Props = {
  db: LocalDb;
  name: string;
  resource: ResourceName;
  labelFields: readonly string[];
  value: string;
  onChange: (value: string) => void;
  /** Label of the empty choice ("Choose…" when not given). */
  emptyLabel?: string;
  ariaLabel?: string;
  /** Only these rows are offered; a current value outside them still shows as chosen. */
  choosable?: (row: LocalRow) => boolean;
};

/** A select whose options are the live local rows of another resource (offline like the rest). */
export function RefSelect({
  db,
  name,
  resource,
  labelFields,
  value,
  onChange,
  emptyLabel,
  ariaLabel,
  choosable,
}: Props) {
  const { t } = useLingui();
  const all = useResourceList(db, resource, { sort: { field: labelFields[0] ?? 'id', dir: 'asc' } });
  const rows = choosable ? all?.filter((r) => r.id === value || choosable(r)) : all;
  const known = !value || rows?.some((r) => r.id === value);
  return (
    <NativeSelect.Root>
      <NativeSelect.Field
        name={name}
        value={value}
        aria-label={ariaLabel}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{emptyLabel ?? t`Choose…`}</option>
        {rows?.map((r) => (
          <option key={r.id} value={r.id}>
            {refLabel(r, labelFields)}
          </option>
        ))}
        {!known && <option value={value}>{t`(removed)`}</option>}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The name of a referenced record in a cell. */
export function RefText({
  db,
  resource,
  labelFields,
  id,
}: {
  db: LocalDb;
  resource: ResourceName;
  labelFields: readonly string[];
  id: string;
}) {
  const row = useResourceRecord(db, resource, id || undefined);
  const text = row ? refLabel(row, labelFields) : '';
  return (
    <Text lineClamp={1} title={text}>
      {text}
    </Text>
  );
}
