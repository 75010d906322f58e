import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { Range } from './shared.ts';

// The views of a range read from the rollups of migration 0021 (docs/reports.md, "Performance"):
// whole UTC weeks and days from view_user_rollups / view_content_rollups, the partial UTC days at
// the range's two ends from view_events itself. Distinct viewers (contents) are the set bits of
// the OR of the rollups' bitmaps, plus the edge views' users (contents) whose bit is not set.

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** 1970-01-05, a Monday: rollup weeks start on Mondays, UTC. */
const MONDAY = 4 * DAY;
const QUARTER = 15 * 60_000;

/**
 * How a range is read: `all` (every week row, no edges), or the weeks and days of rollup rows
 * (`[from, to)` dates, UTC) and the instants `[from, to)` read from the events.
 */
export type Cover =
  | { all: true }
  | {
      all: false;
      lo: number;
      hi: number;
      weeks: [string, string] | null;
      days: [string, string][];
      raw: [string, string][];
    };

const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();

/** The cover of a range of local days (its instants by PostgreSQL's zone rules, as `rangeOf`). */
export async function coverOf(db: Db, range: Range): Promise<Cover> {
  if (!range) return { all: true };
  const [b] = await rowsOf<{ lo: number; hi: number }>(
    db,
    sql`select (extract(epoch from ${range.lo}) * 1000)::float8 as lo, (extract(epoch from ${range.hi}) * 1000)::float8 as hi`,
  );
  const lo = Number(b!.lo);
  const hi = Number(b!.hi);
  const dLo = Math.ceil(lo / DAY) * DAY;
  const dHi = Math.floor(hi / DAY) * DAY;
  if (dLo >= dHi) return { all: false, lo, hi, weeks: null, days: [], raw: [[iso(lo), iso(hi)]] };
  const raw: [string, string][] = [];
  if (lo < dLo) raw.push([iso(lo), iso(dLo)]);
  if (dHi < hi) raw.push([iso(dHi), iso(hi)]);
  const wLo = Math.ceil((dLo - MONDAY) / WEEK) * WEEK + MONDAY;
  const wHi = Math.floor((dHi - MONDAY) / WEEK) * WEEK + MONDAY;
  if (wLo >= wHi) return { all: false, lo, hi, weeks: null, days: [[date(dLo), date(dHi)]], raw };
  const days: [string, string][] = [];
  if (dLo < wLo) days.push([date(dLo), date(wLo)]);
  if (wHi < dHi) days.push([date(wHi), date(dHi)]);
  return { all: false, lo, hi, weeks: [date(wLo), date(wHi)], days, raw };
}

const or = (conds: SQL[]) => (conds.length ? sql`(${sql.join(conds, sql` or `)})` : sql`false`);

/** The rollup rows (alias `a`) of a cover. */
function blocksWhere(cover: Cover, a: string) {
  const r = sql.raw(a);
  if (cover.all) return sql`${r}.span = 7`;
  const conds = cover.days.map(
    ([from, to]) => sql`(${r}.span = 1 and ${r}.day >= ${from}::date and ${r}.day < ${to}::date)`,
  );
  if (cover.weeks)
    conds.push(
      sql`(${r}.span = 7 and ${r}.day >= ${cover.weeks[0]}::date and ${r}.day < ${cover.weeks[1]}::date)`,
    );
  return or(conds);
}

/** The events (alias `a`) read directly: the partial days at the ends. */
function rawWhere(cover: Cover, a: string) {
  if (cover.all) return sql`false`;
  const r = sql.raw(a);
  return or(
    cover.raw.map(
      ([from, to]) => sql`(${r}.viewed_at >= ${from}::timestamptz and ${r}.viewed_at < ${to}::timestamptz)`,
    ),
  );
}

/** The company's bitmap length for users' or contents' numbers, and that many zeros. */
const zerosSql = (companyId: string, kind: 'user' | 'content') => sql`
  select width, repeat('0', width)::varbit as zeros from (
    select (coalesce(max(num), 0) / 64 + 1) * 64 as width from view_numbers
    where company_id = ${companyId} and kind = ${kind}) w`;

type Side = 'user' | 'content';
const SIDES = {
  user: {
    table: 'view_user_rollups',
    key: 'user_id',
    bits: 'contents',
    other: 'content',
    otherKey: 'v.content_id::text',
  },
  content: {
    table: 'view_content_rollups',
    key: 'content_id',
    bits: 'viewers',
    other: 'user',
    otherKey: 'v.user_id',
  },
} as const;

/**
 * Per user (or content) with views in the cover: `views`, `seconds`, `last_at`, `bits` (the OR of
 * the rollups' bitmaps of contents (viewers), null when only edge views) and `nums` (the numbers
 * of the contents (viewers) of the edge views, null when none).
 */
export function viewPartsSql(companyId: string, cover: Cover, side: Side) {
  const s = SIDES[side];
  const key = sql.raw(s.key);
  const bits = sql.raw(s.bits);
  return sql`
    select coalesce(b.${key}, e.${key}) as ${key},
      coalesce(b.views, 0) + coalesce(e.views, 0) as views,
      coalesce(b.seconds, 0) + coalesce(e.seconds, 0) as seconds,
      greatest(b.last_at, e.last_at) as last_at, b.bits, e.nums
    from (
      select r.${key}, sum(r.views) as views, sum(r.seconds) as seconds, max(r.last_at) as last_at,
        -- Bitmaps written before the company's last numbers were given out are shorter: padded.
        bit_or(case when length(r.${bits}) = z.width then r.${bits}
          else substring(r.${bits} || z.zeros from 1 for z.width) end) as bits
      from ${sql.raw(s.table)} r cross join (${zerosSql(companyId, s.other)}) z
      where r.company_id = ${companyId} and ${blocksWhere(cover, 'r')}
      group by r.${key}
    ) b full join (
      select ${key}, sum(views) as views, sum(seconds) as seconds, max(last_at) as last_at, array_agg(num) as nums
      from (
        select v.${key}, n.num, count(*) as views, sum(v.seconds) as seconds, max(v.viewed_at) as last_at
        from view_events v join view_numbers n
          on n.company_id = ${companyId} and n.kind = ${s.other} and n.id = ${sql.raw(s.otherKey)}
        where v.company_id = ${companyId} and ${rawWhere(cover, 'v')}
        group by v.${key}, n.num
      ) per_pair group by ${key}
    ) e on e.${key} = b.${key}`;
}

/** The distinct count of bitmap `bits` plus edge numbers `nums` whose bit is not set. */
export const distinctSql = (bits: SQL, nums: SQL) => sql`(coalesce(bit_count(${bits}), 0)
  + coalesce((select count(*) from unnest(${nums}) k where ${bits} is null or get_bit(${bits}, k) = 0), 0))`;

/**
 * Per user (content) with views in the cover: views, distinct contents (viewers) as `n_distinct`,
 * seconds, last view.
 */
export const viewTotalsSql = (companyId: string, cover: Cover, side: Side) => sql`
  select p.${sql.raw(SIDES[side].key)}, p.views::int as views, ${distinctSql(sql`p.bits`, sql`p.nums`)}::int as n_distinct,
    p.seconds::float8 as seconds, p.last_at
  from (${viewPartsSql(companyId, cover, side)}) p`;

/** Views per user (content) in the cover, counts only (the dashboard's top fives). */
export function viewCountsSql(companyId: string, cover: Cover, side: Side) {
  const s = SIDES[side];
  const key = sql.raw(s.key);
  return sql`
    select ${key}, sum(n)::int as n from (
      select r.${key}, r.views as n from ${sql.raw(s.table)} r
      where r.company_id = ${companyId} and ${blocksWhere(cover, 'r')}
      union all
      select v.${key}, 1 from view_events v where v.company_id = ${companyId} and ${rawWhere(cover, 'v')}
    ) x group by ${key}`;
}

/**
 * Views per 15-minute UTC bucket `b` of a range (`n`): from view_quarters when both ends fall on a
 * quarter hour (every zone in use), else from the events of the range.
 */
export function quartersSql(companyId: string, cover: Cover & { all: false }) {
  if (cover.lo % QUARTER === 0 && cover.hi % QUARTER === 0)
    return sql`select q.at as b, q.views as n from view_quarters q
      where q.company_id = ${companyId} and q.at >= ${iso(cover.lo)}::timestamptz and q.at < ${iso(cover.hi)}::timestamptz`;
  return sql`select date_bin('15 minutes', v.viewed_at, '2000-01-01 00:00+00') as b, count(*)::int as n
    from view_events v where v.company_id = ${companyId}
      and v.viewed_at >= ${iso(cover.lo)}::timestamptz and v.viewed_at < ${iso(cover.hi)}::timestamptz
    group by 1`;
}
