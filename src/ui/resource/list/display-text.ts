import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { listFormat, numberFormat } from '@/ui/intl-formats';
import { formatDateValue } from '@/ui/resource/form/date-values';
import type { AnyView, Widget } from '@/ui/resource/view-config';

/** "1.8 MB" in the admin's language, in the largest unit under 1,000 (bytes, kB, MB, GB). */
export function formatBytes(bytes: number, locale: string) {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return numberFormat(locale, { style: 'unit', unit: units[unit], maximumFractionDigits: digits }).format(
    value,
  );
}

/** A field's value as people read it (list cells, cards, the Excel export), in the active locale. */
export function displayText(i18n: I18n, view: AnyView, field: string, value: unknown): string {
  return widgetText(i18n, view.fields[field]?.widget, value);
}

/** A value as people read it, given the widget that edits it. */
export function widgetText(i18n: I18n, widget: Widget | undefined, value: unknown): string {
  if (value == null || value === '') return '';
  if (widget?.kind === 'date' || widget?.kind === 'datetime')
    return formatDateValue(i18n.locale, value, widget.kind);
  if (widget?.kind === 'switch')
    return value === true || value === 'true' ? i18n._(msg`Yes`) : i18n._(msg`No`);
  if (widget?.kind === 'permissions' || widget?.kind === 'password' || widget?.kind === 'kept') return '';
  if (widget?.kind === 'readout' || widget?.kind === 'number') {
    const n = Number(value);
    if (widget.unit === 'bytes') return n ? formatBytes(n, i18n.locale) : '';
    if (widget.unit === 'minutes')
      return i18n.number(n, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
    return i18n.number(n);
  }
  if (widget?.kind === 'file') return decodeURIComponent(String(value).split('/').pop() ?? '');
  if (widget?.kind === 'refs' || widget?.kind === 'files')
    return Array.isArray(value) ? String(value.length) : '';
  if (widget?.kind === 'checks') {
    const chosen = Array.isArray(value) ? value : [];
    const labels = widget.options.filter((o) => chosen.includes(o.value)).map((o) => i18n._(o.label));
    return listFormat(i18n.locale, { type: 'conjunction' }).format(labels);
  }
  if (widget?.kind === 'select') {
    const option = widget.options.find((o) => o.value === value);
    return option ? i18n._(option.label) : String(value);
  }
  return String(value);
}
