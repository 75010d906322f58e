import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDrizzleTypesWithoutCopies } from '../../server/db/pglite-parsers.ts';

// Drizzle's reads on PGlite must come back exactly as before once its per-query parsers are
// folded into the client's own map (server/db/pglite-parsers.ts).
const QUERY = sql`select
  timestamptz '2030-01-15 09:00:00.123+00' as tz, timestamp '2030-01-15 09:00:00' as ts,
  date '2030-01-15' as d, interval '1 day 02:00' as i, 12.5::numeric as n, array[1.5, 2]::numeric[] as ns,
  array[timestamptz '2030-01-15 09:00:00+00'] as tzs, array[date '2030-01-15'] as ds,
  9007199254740993::bigint as big, 7::int as small, true as yes, '{"a": [1, "x"]}'::jsonb as j,
  array['{"b": 2}'::jsonb] as js, array['a', 'b'] as texts, null::timestamptz as none`;

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
});
afterAll(() => client?.close());

describe('PGlite type parsing without a copy per query', () => {
  it('reads every type as drizzle did, outside and inside a transaction', async () => {
    const db = drizzle({ client });
    const before = await db.execute(QUERY);
    const beforeTx = await db.transaction((tx) => tx.execute(QUERY));
    readDrizzleTypesWithoutCopies(client);
    readDrizzleTypesWithoutCopies(client); // a second call changes nothing
    const after = await db.execute(QUERY);
    const afterTx = await db.transaction((tx) => tx.execute(QUERY));
    expect(after.rows).toEqual(before.rows);
    expect(afterTx.rows).toEqual(beforeTx.rows);
    expect(after.rows[0]).toMatchObject({ tz: '2030-01-15 09:00:00.123+00', d: '2030-01-15', small: 7 });
  });

  it("still applies a caller's own parsers, even for the same types", async () => {
    const upper = { 25: (v: string) => v.toUpperCase() };
    const { rows } = await client.query<{ t: string }>("select 'abc'::text as t", [], { parsers: upper });
    expect(rows[0].t).toBe('ABC');
    const asDate = Object.fromEntries(
      [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((t) => [t, (v: string) => `parsed ${v}`]),
    );
    const inTx = await client.transaction((tx) =>
      tx.query<{ d: string }>("select date '2030-01-15' as d", [], { parsers: asDate }),
    );
    expect(inTx.rows[0].d).toBe('parsed 2030-01-15');
  });
});
