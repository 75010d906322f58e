import { Fieldset, Input, NativeSelect, Switch, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { FileKind } from '#contract/files.ts';
import type { LocalDb } from '@/data/db/local-db';
import { FormField } from '@/ui/form/form-field';
import { FileField } from '@/ui/resource/fields/file-field';
import { PermissionsField } from '@/ui/resource/fields/permissions-field';
import { RefByKindSelect, RefSelect } from '@/ui/resource/fields/ref-select';
import type { FieldView, FormValues } from '@/ui/resource/view-config';

type Props = {
  name: string;
  /** Editing an existing record (a write-only field then says it may stay empty). */
  editing?: boolean;
  view: FieldView;
  value: string;
  error?: string;
  required: boolean;
  db: LocalDb;
  fileKind?: FileKind;
  /** The whole form (a field may depend on another, e.g. a target on its kind). */
  values?: FormValues;
  onChange: (value: string) => void;
  onProblem: (message: string | null) => void;
};

const INPUT_TYPES = { text: 'text', url: 'url', date: 'date', datetime: 'datetime-local' } as const;

/** One form field drawn from its view config: its widget inside the shared FormField. */
export function FieldInput({
  name,
  editing,
  view,
  value,
  error,
  required,
  db,
  fileKind,
  values,
  onChange,
  onProblem,
}: Props) {
  const { i18n, t } = useLingui();
  const label = i18n._(view.label);
  const { widget } = view;
  if (widget.kind === 'kept') return null;
  let control: React.ReactNode;
  let helper: string | null = null;
  if (widget.kind === 'readout' || (editing && view.fixedOnEdit)) {
    control = <Input name={name} value={value} readOnly variant="subtle" />;
  } else if (widget.kind === 'switch') {
    control = (
      <Switch.Root checked={value === 'true'} onCheckedChange={(e) => onChange(e.checked ? 'true' : 'false')}>
        <Switch.HiddenInput name={name} aria-label={label} />
        <Switch.Control />
      </Switch.Root>
    );
  } else if (widget.kind === 'password') {
    control = (
      <Input
        name={name}
        type="password"
        autoComplete="new-password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
    if (editing) helper = t`Leave empty to keep the current password.`;
  } else if (widget.kind === 'ref') {
    control = (
      <RefSelect
        db={db}
        name={name}
        resource={widget.resource}
        labelFields={widget.labelFields}
        choosable={widget.choosable}
        value={value}
        onChange={onChange}
      />
    );
  } else if (widget.kind === 'refByKind') {
    control = (
      <RefByKindSelect
        db={db}
        name={name}
        kind={values?.[widget.kindField] ?? ''}
        targets={widget.targets}
        value={value}
        onChange={onChange}
      />
    );
  } else if (widget.kind === 'permissions') {
    control = <PermissionsField name={name} label={label} value={value} onChange={onChange} />;
  } else if (widget.kind === 'textarea') {
    control = <Textarea name={name} value={value} rows={4} onChange={(e) => onChange(e.target.value)} />;
  } else if (widget.kind === 'select') {
    control = (
      <NativeSelect.Root>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          {value === '' && <option value="">{t`Choose…`}</option>}
          {widget.options.map((o) => (
            <option key={o.value} value={o.value}>
              {i18n._(o.label)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  } else if (widget.kind === 'image' && fileKind) {
    control = (
      <FileField
        db={db}
        kind={fileKind}
        value={value}
        label={label}
        onChange={onChange}
        onProblem={onProblem}
      />
    );
  } else {
    const type = widget.kind === 'image' ? 'text' : INPUT_TYPES[widget.kind as keyof typeof INPUT_TYPES];
    control = (
      <Input
        name={name}
        type={type}
        value={value}
        inputMode={widget.kind === 'url' ? 'url' : undefined}
        placeholder={widget.kind === 'url' ? 'https://' : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  if (widget.kind === 'permissions') {
    // A group of many controls: a fieldset, not a Field, whose single id and label every
    // switch inside would take over (a tap on any switch toggled the first one).
    return (
      <Fieldset.Root invalid={!!error} data-field={name} gridColumn="1 / -1">
        <Fieldset.Legend>{label}</Fieldset.Legend>
        {control}
        <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
      </Fieldset.Root>
    );
  }
  return (
    <FormField
      name={name}
      label={label}
      required={required}
      helper={helper}
      error={error}
      gridColumn={view.half ? undefined : '1 / -1'}
    >
      {control}
    </FormField>
  );
}
