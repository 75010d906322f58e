import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

/**
 * Drizzle's PGlite driver asks for the date and time types (and numeric[]) as text by passing
 * its own `parsers` with every query; PGlite then copies its whole map of ~318 type parsers
 * into a new object for that one query (measured: about 0.3 ms a query, most of a short one).
 * The same result without the copy: those types are read as text by the client's own map, and a
 * query whose `parsers` only say exactly that is sent without them.
 *
 * Raw queries on the client (not through drizzle) then read these types as text too.
 */
// timestamp, timestamptz, interval, date, numeric[], timestamp[], timestamptz[], interval[], date[]
const AS_TEXT = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const PROBE = '2030-01-15 09:00:00+00';
const asText = (v: string) => v;

/** The options without `parsers` when those only read AS_TEXT's types as text. */
function withoutTextParsers(options?: QueryOptions) {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const keys = Object.keys(parsers);
  if (keys.length !== AS_TEXT.length) return options;
  for (const type of AS_TEXT) if (parsers[type]?.(PROBE) !== PROBE) return options;
  return { ...options, parsers: undefined };
}

const done = new WeakSet<PGlite>();

export function readDrizzleTypesWithoutCopies(client: PGlite) {
  if (done.has(client)) return;
  done.add(client);
  for (const type of AS_TEXT) client.parsers[type] = asText;
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, withoutTextParsers(options))) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(run: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const inner = Object.create(tx) as Transaction;
      inner.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
        tx.query(text, params, withoutTextParsers(options))) as Transaction['query'];
      return run(inner);
    })) as PGlite['transaction'];
}
