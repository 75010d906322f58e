import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { MAX_VIEW_SECONDS } from '#contract/learner.ts';
import { CONTENT_RESOURCES } from '#contract/resources/content.ts';
import type { Tx } from '../resources/repository-types.ts';
import { departmentMembers, records, users, viewEvents } from './schema.ts';
import { rng } from './seeded-random.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The demo companies work in Bangkok time: views fall in their working day. */
const UTC_OFFSET_HOURS = 7;
const DAYS = 90;
const BATCH = 20_000;
/** The first people (the named demo users) are the keen ones; a generated crowd views less. */
const NAMED = 12;

function pick<T>(items: readonly T[], weights: readonly number[], r: number) {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = r * total;
  for (const [i, w] of weights.entries()) {
    x -= w;
    if (x < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

/**
 * Believable views of the company's live articles, sounds and videos by its live users over the
 * last 90 days: weekdays busier than weekends, office hours, a few contents far more popular than
 * the rest, some people far keener than others, a slow rise towards today, most sounds and videos
 * watched to the end. A content limited to departments is viewed only by their members; a
 * deactivated user stopped a month ago. Inserts nothing when the company has no contents.
 *
 * A bulk insert of the rows `recordView` (server/services/view-events.ts) writes, with its checks
 * met by construction (only this company's live contents, read here): a few hundred calls of the
 * service, a query and an insert each, would add about half a second to every seeding. The
 * reports' rollups are then rebuilt from the company's views (`view_rollups_fill`).
 */
export async function seedViewEvents(db: Tx, companyId: string, now = new Date()) {
  const contents = await db
    .select({ id: records.id, resource: records.resource, data: records.data })
    .from(records)
    .where(
      and(
        eq(records.companyId, companyId),
        inArray(records.resource, [...CONTENT_RESOURCES]),
        isNull(records.deletedAt),
      ),
    )
    .orderBy(records.resource, records.createdAt, records.id);
  if (!contents.length) return 0;
  const people = await db
    .select({
      id: users.id,
      departmentId: users.departmentId,
      active: users.active,
      userType: users.userType,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.deletedAt)))
    .orderBy(users.employeeId, users.id);
  const memberships = await db
    .select({ userId: departmentMembers.userId, departmentId: departmentMembers.departmentId })
    .from(departmentMembers)
    .innerJoin(users, eq(users.id, departmentMembers.userId))
    .where(eq(users.companyId, companyId));

  const random = rng(20_30_115);
  const departmentsOf = new Map(people.map((p) => [p.id, new Set(p.departmentId ? [p.departmentId] : [])]));
  for (const m of memberships) departmentsOf.get(m.userId)?.add(m.departmentId);
  // A few favourites: popularity falls off with a (shuffled) rank.
  const popularity = contents.map((_, i) => 1 / (i + 1) ** 0.9);
  for (let i = popularity.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [popularity[i], popularity[j]] = [popularity[j]!, popularity[i]!];
  }
  const viewer = people.map((p, rank) => {
    const mine = departmentsOf.get(p.id)!;
    const visible = contents.flatMap((c, i) => {
      const limited = (c.data.departmentIds as string[] | undefined) ?? [];
      return limited.length === 0 || limited.some((d) => mine.has(d)) ? [i] : [];
    });
    const keenness =
      rank < NAMED ? (p.userType === 'admin' ? 0.3 : 0.5) + random() * 1.3 : 0.05 + random() * random() * 0.8;
    return { id: p.id, active: p.active, keenness, visible };
  });

  const rows: (typeof viewEvents.$inferInsert & { viewedAt: Date })[] = [];
  const localMidnight = (daysAgo: number) => {
    const local = new Date(now.getTime() + UTC_OFFSET_HOURS * HOUR - daysAgo * DAY);
    local.setUTCHours(0, 0, 0, 0);
    return { utc: local.getTime() - UTC_OFFSET_HOURS * HOUR, weekday: local.getUTCDay() };
  };
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo--) {
    const { utc, weekday } = localMidnight(daysAgo);
    const week = weekday === 0 ? 0.15 : weekday === 6 ? 0.35 : 1;
    const trend = 0.7 + 0.6 * (1 - daysAgo / DAYS);
    for (const v of viewer) {
      if (!v.visible.length || (!v.active && daysAgo < 30)) continue;
      const expected = 1.4 * v.keenness * week * trend;
      const count = Math.floor(expected) + (random() < expected % 1 ? 1 : 0);
      for (let n = 0; n < count; n++) {
        // Office hours, busiest around the lunch break; now and then an evening at home.
        const hour = random() < 0.1 ? 19 + random() * 3 : 8 + (random() + random() + random()) * (10 / 3);
        const viewedAt = new Date(utc + hour * HOUR);
        if (viewedAt >= now) continue;
        const c =
          contents[
            pick(
              v.visible,
              v.visible.map((i) => popularity[i]!),
              random(),
            )
          ]!;
        const minutes = Number(c.data.minutes) || 0;
        const full = minutes > 0 ? minutes * 60 : 120 + random() * 480;
        const share = random() < 0.06 ? random() * 0.05 : random() < 0.6 ? 0.9 + random() * 0.1 : random();
        rows.push({
          companyId,
          userId: v.id,
          contentId: c.id,
          contentResource: c.resource as (typeof CONTENT_RESOURCES)[number],
          seconds: Math.min(MAX_VIEW_SECONDS, Math.round(full * share)),
          viewedAt,
        });
      }
    }
  }
  // One statement per batch, each column one array parameter: tens of thousands of rows in a
  // fraction of the time of multi-row VALUES.
  const list = (values: (string | number)[]) => `{${values.join(',')}}`;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    await db.execute(sql`insert into ${viewEvents} (id, company_id, user_id, content_id, content_resource, seconds, viewed_at)
      select uuidv7_at, ${companyId}, u, c, k, s, a from unnest(
        ${list(batch.map((r) => uuidv7({ msecs: r.viewedAt.getTime() })))}::uuid[],
        ${list(batch.map((r) => r.userId))}::text[], ${list(batch.map((r) => r.contentId))}::uuid[],
        ${list(batch.map((r) => r.contentResource))}::text[], ${list(batch.map((r) => r.seconds))}::int[],
        ${list(batch.map((r) => r.viewedAt.toISOString()))}::timestamptz[]) as x(uuidv7_at, u, c, k, s, a)`);
  }
  // The reports' rollups of these views, by the SQL of their migration (0021: view_rollups_fill).
  await db.execute(sql`select view_rollups_fill(${companyId})`);
  return rows.length;
}
