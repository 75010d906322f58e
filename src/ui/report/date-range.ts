import type { DateRange } from '#contract/reports.ts';

/** The browser's IANA time zone: report days are counted in it (contract/reports.ts). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** YYYY-MM-DD of a local calendar day. */
export const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The last `days` days up to today, in the browser's time zone (the reports' default range). */
export function lastDays(days = 30, now = new Date()): DateRange {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: localDay(from), to: localDay(now), timeZone: browserTimeZone() };
}

/** A YYYY-MM-DD day as a local Date at midnight (for formatting and for date cells). */
export const dayDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
};
