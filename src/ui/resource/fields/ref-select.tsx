import { NativeSelect, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
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

/**
 * A record of the resource named by another field's value (`kind`): the choices follow the kind,
 * and a change of kind empties the choice (an id of the former resource means nothing now).
 */
export function RefByKindSelect({
  db,
  name,
  kind,
  targets,
  value,
  onChange,
}: {
  db: LocalDb;
  name: string;
  kind: string;
  targets: Readonly<Record<string, { resource: ResourceName; labelFields: readonly string[] }>>;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  const shown = useRef(kind);
  useEffect(() => {
    if (shown.current === kind) return;
    shown.current = kind;
    if (value) onChange('');
  }, [kind, value, onChange]);
  const target = targets[kind];
  if (!target)
    return (
      <NativeSelect.Root disabled>
        <NativeSelect.Field name={name} value="">
          <option value="">{t`Choose the kind first`}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  return (
    <RefSelect
      key={target.resource}
      db={db}
      name={name}
      resource={target.resource}
      labelFields={target.labelFields}
      value={shown.current === kind ? value : ''}
      onChange={onChange}
    />
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
