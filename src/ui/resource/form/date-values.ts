import { dateFormat } from '@/ui/intl-formats';

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** An ISO instant as the value of a datetime-local input, in this device's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as ISO 8601 with this device's offset (the contract wants an offset). */
export function fromLocalInput(local: string): string {
  const d = new Date(local);
  if (!local || Number.isNaN(d.getTime())) return '';
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return `${date}T${time}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** Today as yyyy-mm-dd in this device's time zone. */
export const todayLocal = (now = new Date()) =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/** A date or instant for people, in the active locale; a date-only value never shifts a day. */
export function formatDateValue(locale: string, value: unknown, kind: 'date' | 'datetime'): string {
  if (typeof value !== 'string' || !value) return '';
  const d = new Date(kind === 'date' ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return value;
  return kind === 'date'
    ? dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(d)
    : dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
