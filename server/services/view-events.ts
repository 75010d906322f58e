import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { CONTENT_NOT_FOUND, recordViewRequest, type ViewEvent } from '#contract/learner.ts';
import { CONTENT_RESOURCES } from '#contract/resources/content.ts';
import { records, viewEvents } from '../db/schema.ts';
import { notFound } from '../lib/api-error.ts';
import { zodInvalid } from '../resources/record-shape.ts';
import type { Tx } from '../resources/repository-types.ts';

export type RecordViewInput = {
  companyId: string;
  /** The viewer: the session's own user, of `companyId`. */
  userId: string;
  contentId: string;
  seconds: number;
  /** When the view happened; the database's clock when left out. */
  viewedAt?: Date;
};

/** One view of `recordViews`: the viewer (a user of the company) and what they viewed. */
export type ViewInput = Omit<RecordViewInput, 'companyId'>;

/** Views per insert statement (their rows are one JSON parameter). */
const INSERT_BATCH = 5_000;

/**
 * Stores one view of a live article, sound or video of the viewer's company. Anything else
 * (another company's content, a deleted one, a topic, an unknown id) is the same 404, so ids of
 * other companies are never confirmed. The reports' rollups of the views (view_user_rollups,
 * view_content_rollups, view_quarters: docs/reports.md) take the view in the same transaction.
 */
export async function recordView(db: Tx, input: RecordViewInput): Promise<ViewEvent> {
  const { companyId, ...view } = input;
  const [event] = await recordViews(db, companyId, [view]);
  return event!;
}

/**
 * Stores views of users of one company, all or none: each is checked as `recordView` checks one
 * (the first refusal is thrown, and the caller's transaction writes nothing), then they are
 * inserted in a few statements and the rollups take them (view_rollups_add_events, migration
 * 0022). The learner's call stores one; the demo seed stores its 90 days of history.
 */
export async function recordViews(
  db: Tx,
  companyId: string,
  views: readonly ViewInput[],
): Promise<ViewEvent[]> {
  if (!views.length) return [];
  const checked = views.map((v) => {
    const parsed = recordViewRequest.safeParse({ contentId: v.contentId, seconds: v.seconds });
    if (!parsed.success) throw zodInvalid(parsed.error);
    return { ...v, ...parsed.data };
  });
  const contentIds = [...new Set(checked.map((v) => v.contentId))];
  const contents = await db
    .select({ id: records.id, resource: records.resource })
    .from(records)
    .where(
      and(
        inArray(records.id, contentIds),
        eq(records.companyId, companyId),
        inArray(records.resource, [...CONTENT_RESOURCES]),
        isNull(records.deletedAt),
      ),
    );
  const resourceOf = new Map(contents.map((c) => [c.id, c.resource as ViewEvent['contentResource']]));
  if (checked.some((v) => !resourceOf.has(v.contentId))) throw notFound(CONTENT_NOT_FOUND);
  const stored: ViewEvent[] = [];
  for (let i = 0; i < checked.length; i += INSERT_BATCH) {
    // One JSON parameter per batch. Ids are UUIDv7 of the view's own time, so the events sort by
    // it; a view without a time takes the database's clock, as the column's default would.
    const batch = checked.slice(i, i + INSERT_BATCH).map((v) => ({
      id: uuidv7(v.viewedAt ? { msecs: v.viewedAt.getTime() } : undefined),
      u: v.userId,
      c: v.contentId,
      k: resourceOf.get(v.contentId)!,
      s: v.seconds,
      a: v.viewedAt?.toISOString() ?? null,
    }));
    const { rows } = (await db.execute(sql`insert into ${viewEvents}
        (id, company_id, user_id, content_id, content_resource, seconds, viewed_at)
      select id, ${companyId}, u, c, k, s, coalesce(a, now())
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(id uuid, u text, c uuid, k text, s int, a timestamptz)
      returning id, user_id, content_id, content_resource, seconds,
        (extract(epoch from viewed_at) * 1000)::float8 as viewed_ms`)) as unknown as {
      rows: {
        id: string;
        user_id: string;
        content_id: string;
        content_resource: string;
        seconds: number;
        viewed_ms: number;
      }[];
    };
    for (const r of rows)
      stored.push({
        id: r.id,
        userId: r.user_id,
        contentId: r.content_id,
        contentResource: r.content_resource as ViewEvent['contentResource'],
        seconds: Number(r.seconds),
        viewedAt: new Date(Math.floor(Number(r.viewed_ms))).toISOString(),
      });
    // Ids made here (UUIDs), so the array literal needs no quoting.
    await db.execute(
      sql`select view_rollups_add_events(${companyId}, ${`{${batch.map((v) => v.id).join(',')}}`}::uuid[])`,
    );
  }
  return stored;
}
