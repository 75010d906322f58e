import { Checkbox, Stack, Text, Wrap } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ResourceName } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import { useResourceList } from '@/data/db/use-resource';
import { listFormat } from '@/ui/intl-formats';
import { refLabel } from '@/ui/resource/fields/ref-select';
import { idList } from '@/ui/resource/form/form-values';

type Props = {
  db: LocalDb;
  name: string;
  resource: ResourceName;
  labelFields: readonly string[];
  /** JSON list of ids. */
  value: string;
  /** What no choice means ("Every department"). */
  noneLabel: string;
  onChange: (value: string) => void;
};

/** Several records of another resource as checkboxes, from the live local rows. */
export function RefsField({ db, name, resource, labelFields, value, noneLabel, onChange }: Props) {
  const rows = useResourceList(db, resource, { sort: { field: labelFields[0] ?? 'id', dir: 'asc' } });
  const chosen = idList(value);
  const toggle = (id: string, on: boolean) =>
    onChange(JSON.stringify(on ? [...chosen, id] : chosen.filter((x) => x !== id)));
  return (
    <Stack gap="2" data-field={name}>
      {chosen.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {noneLabel}
        </Text>
      )}
      <Wrap gap="3">
        {rows?.map((row) => (
          <Checkbox.Root
            key={row.id}
            size="sm"
            checked={chosen.includes(row.id)}
            onCheckedChange={(e) => toggle(row.id, e.checked === true)}
          >
            <Checkbox.HiddenInput name={name} value={row.id} />
            <Checkbox.Control />
            <Checkbox.Label>{refLabel(row, labelFields)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Wrap>
    </Stack>
  );
}

/** The names of the chosen records in a cell, or what none means. */
export function RefsText({
  db,
  resource,
  labelFields,
  ids,
  noneLabel,
}: {
  db: LocalDb;
  resource: ResourceName;
  labelFields: readonly string[];
  ids: unknown;
  noneLabel: string;
}) {
  const rows = useResourceList(db, resource);
  const { i18n } = useLingui();
  const list = Array.isArray(ids) ? ids.map(String) : [];
  const names = list
    .map((id) => rows?.find((r) => r.id === id))
    .flatMap((r) => (r ? [refLabel(r, labelFields)] : []));
  const text = names.length ? listFormat(i18n.locale, { type: 'conjunction' }).format(names) : noneLabel;
  return (
    <Text lineClamp={1} title={text}>
      {text}
    </Text>
  );
}
