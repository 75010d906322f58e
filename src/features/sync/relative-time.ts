import { useEffect, useState } from 'react';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday", in the active locale; '' for a missing or unreadable time. */
export function relativeTime(locale: string, at: string | number | null | undefined, now = Date.now()) {
  const time = typeof at === 'string' ? Date.parse(at) : (at ?? Number.NaN);
  if (Number.isNaN(time)) return '';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  let value = (time - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return '';
}

/** The current time, refreshed every `everyMs` so relative times stay true while shown. */
export function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
