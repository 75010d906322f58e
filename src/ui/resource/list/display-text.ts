import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatDateValue } from '@/ui/resource/form/date-values';
import type { AnyView } from '@/ui/resource/view-config';

/** A field's value as people read it (list cells, cards, the Excel export), in the active locale. */
export function displayText(i18n: I18n, view: AnyView, field: string, value: unknown): string {
  const widget = view.fields[field]?.widget;
  if (value == null || value === '') return '';
  if (widget?.kind === 'date' || widget?.kind === 'datetime')
    return formatDateValue(i18n.locale, value, widget.kind);
  if (widget?.kind === 'switch')
    return value === true || value === 'true' ? i18n._(msg`Yes`) : i18n._(msg`No`);
  if (widget?.kind === 'permissions' || widget?.kind === 'password' || widget?.kind === 'kept') return '';
  if (widget?.kind === 'readout') return i18n.number(Number(value));
  if (widget?.kind === 'select') {
    const option = widget.options.find((o) => o.value === value);
    return option ? i18n._(option.label) : String(value);
  }
  return String(value);
}
