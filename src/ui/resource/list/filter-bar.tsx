import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import { RefSelect } from '@/ui/resource/fields/ref-select';
import type { AnyView } from '@/ui/resource/view-config';

export type Filters = Record<string, string | boolean>;
type Props = { view: AnyView; db: LocalDb; filters: Filters; onChange: (filters: Filters) => void };

/** Equality filters of a list, one select per field named in the view's `filters` ("All" = off). */
export const FilterBar = memo(function FilterBar({ view, db, filters, onChange }: Props) {
  const { i18n, t } = useLingui();
  if (!view.filters?.length) return null;
  const set = (field: string, value: string | boolean | null) => {
    const { [field]: _, ...rest } = filters;
    onChange(value === null || value === '' ? rest : { ...rest, [field]: value });
  };
  return (
    <HStack gap="3" wrap="wrap" data-testid="filter-bar">
      {view.filters.map((field) => {
        const fv = view.fields[field];
        if (!fv) return null;
        const label = i18n._(fv.label);
        const current = filters[field];
        const { widget } = fv;
        let control: React.ReactNode = null;
        if (widget.kind === 'ref') {
          control = (
            <RefSelect
              db={db}
              name={`filter-${field}`}
              resource={widget.resource}
              labelFields={widget.labelFields}
              value={typeof current === 'string' ? current : ''}
              emptyLabel={t`All`}
              ariaLabel={label}
              onChange={(v) => set(field, v)}
            />
          );
        } else if (widget.kind === 'switch' || widget.kind === 'select') {
          const options =
            widget.kind === 'switch'
              ? [
                  { value: 'true', text: t`Active` },
                  { value: 'false', text: t`Inactive` },
                ]
              : widget.options.map((o) => ({ value: o.value, text: i18n._(o.label) }));
          control = (
            <NativeSelect.Root>
              <NativeSelect.Field
                name={`filter-${field}`}
                aria-label={label}
                value={current === undefined ? '' : String(current)}
                onChange={(e) => {
                  const v = e.target.value;
                  set(field, widget.kind === 'switch' && v !== '' ? v === 'true' : v);
                }}
              >
                <option value="">{t`All`}</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.text}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          );
        }
        return (
          <Field.Root key={field} w={{ base: 'full', sm: '48' }}>
            <Field.Label>{label}</Field.Label>
            {control}
          </Field.Root>
        );
      })}
    </HStack>
  );
});
