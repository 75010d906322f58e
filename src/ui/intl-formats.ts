/**
 * Intl formatters kept per locale and options. Building one costs far more than formatting with it
 * (a date formatter took ~0.2 ms), and list cells format a value for every row drawn.
 */
const kept = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>();

function keep<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => T,
): T {
  const key = `${kind}\u0000${locale}\u0000${JSON.stringify(options)}`;
  let f = kept.get(key) as T | undefined;
  if (!f) {
    f = make();
    kept.set(key, f);
  }
  return f;
}

export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  keep('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  keep('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const listFormat = (locale: string, options: Intl.ListFormatOptions) =>
  keep('list', locale, options, () => new Intl.ListFormat(locale, options));
