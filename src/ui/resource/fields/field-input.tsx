import { Checkbox, Fieldset, Input, NativeSelect, Switch, Text, Textarea, Wrap } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { FileKind } from '#contract/files.ts';
import type { LocalDb } from '@/data/db/local-db';
import { FormField } from '@/ui/form/form-field';
import { FileField } from '@/ui/resource/fields/file-field';
import { FilesField } from '@/ui/resource/fields/files-field';
import { PermissionsField } from '@/ui/resource/fields/permissions-field';
import { RefByKindSelect, RefSelect, RefText } from '@/ui/resource/fields/ref-select';
import { RefsField } from '@/ui/resource/fields/refs-field';
import { idList } from '@/ui/resource/form/form-values';
import { widgetText } from '@/ui/resource/list/display-text';
import type { FieldView, FormValues } from '@/ui/resource/view-config';
import { RichTextField } from '@/ui/rich-text/rich-text-field';

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
  if (editing && view.fixedOnEdit) {
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
  } else if (widget.kind === 'ref' && widget.readOnly) {
    control = value ? (
      <RefText db={db} resource={widget.resource} labelFields={widget.labelFields} id={value} />
    ) : (
      <Text py="2" color="fg.muted">{t`Set when it is saved.`}</Text>
    );
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
  } else if (widget.kind === 'refs') {
    control = (
      <RefsField
        db={db}
        name={name}
        resource={widget.resource}
        labelFields={widget.labelFields}
        noneLabel={i18n._(widget.noneLabel)}
        value={value}
        onChange={onChange}
      />
    );
  } else if (widget.kind === 'number') {
    control = (
      <Input
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else if (widget.kind === 'readout') {
    // A size or a length of 0 is not known yet; a plain count (a link's clicks) is just 0.
    const shown = widgetText(i18n, widget, value === '0' && widget.unit ? '' : value);
    control = (
      <Text py="2" color={shown ? undefined : 'fg.muted'} data-testid={`readout-${name}`}>
        {shown || t`Read from the file once it is uploaded.`}
      </Text>
    );
  } else if (widget.kind === 'permissions') {
    control = <PermissionsField name={name} label={label} value={value} onChange={onChange} />;
  } else if (widget.kind === 'richtext') {
    control = <RichTextField name={name} value={value} onChange={onChange} />;
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
  } else if (widget.kind === 'checks') {
    const chosen = idList(value);
    control = (
      <Wrap gap="4" data-field={name}>
        {widget.options.map((o) => (
          <Checkbox.Root
            key={o.value}
            size="sm"
            checked={chosen.includes(o.value)}
            onCheckedChange={(e) =>
              onChange(
                JSON.stringify(
                  widget.options
                    .map((x) => x.value)
                    .filter((v) => (v === o.value ? e.checked === true : chosen.includes(v))),
                ),
              )
            }
          >
            <Checkbox.HiddenInput name={name} value={o.value} />
            <Checkbox.Control />
            <Checkbox.Label>{i18n._(o.label)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Wrap>
    );
  } else if (widget.kind === 'files' && fileKind) {
    control = (
      <FilesField
        db={db}
        kind={fileKind}
        value={value}
        label={label}
        max={widget.max}
        onChange={onChange}
        onProblem={onProblem}
      />
    );
  } else if ((widget.kind === 'image' || widget.kind === 'file') && fileKind) {
    control = (
      <FileField
        db={db}
        kind={fileKind}
        value={value}
        label={label}
        mode={widget.kind}
        onChange={onChange}
        onProblem={onProblem}
      />
    );
  } else {
    const type = INPUT_TYPES[widget.kind as keyof typeof INPUT_TYPES] ?? 'text';
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
  if (widget.kind === 'permissions' || widget.kind === 'refs' || widget.kind === 'checks') {
    // A group of many controls: a fieldset, not a Field, whose single id and label every
    // switch or checkbox inside would take over (a tap on any of them toggled the first one).
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
