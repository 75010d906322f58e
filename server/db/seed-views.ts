import { and, eq, inArray, isNull } from 'drizzle-orm';
import { MAX_VIEW_SECONDS } from '#contract/learner.ts';
import { CONTENT_RESOURCES } from '#contract/resources/content.ts';
import type { Tx } from '../resources/repository-types.ts';
import { recordViews, type ViewInput } from '../services/view-events.ts';
import { departmentMembers, records, users } from './schema.ts';
import { rng } from './seeded-random.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The demo companies work in Bangkok time: views fall in their working day. */
const UTC_OFFSET_HOURS = 7;
const DAYS = 90;
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
 * Stored by `recordViews` (server/services/view-events.ts), the service of the learner's own
 * call: the same checks, the same rows and the same rollups, in a few statements.
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

  const rows: ViewInput[] = [];
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
          userId: v.id,
          contentId: c.id,
          seconds: Math.min(MAX_VIEW_SECONDS, Math.round(full * share)),
          viewedAt,
        });
      }
    }
  }
  await recordViews(db, companyId, rows);
  return rows.length;
}
