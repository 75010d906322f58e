import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
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

export const toViewEvent = (row: typeof viewEvents.$inferSelect): ViewEvent => ({
  id: row.id,
  userId: row.userId,
  contentId: row.contentId,
  contentResource: row.contentResource,
  seconds: row.seconds,
  viewedAt: row.viewedAt.toISOString(),
});

/**
 * Stores one view of a live article, sound or video of the viewer's company. Anything else
 * (another company's content, a deleted one, a topic, an unknown id) is the same 404, so ids of
 * other companies are never confirmed. The reports' rollups of the views (view_user_rollups,
 * view_content_rollups, view_quarters: docs/reports.md) take the view in the same transaction.
 */
export async function recordView(db: Tx, input: RecordViewInput): Promise<ViewEvent> {
  const parsed = recordViewRequest.safeParse({ contentId: input.contentId, seconds: input.seconds });
  if (!parsed.success) throw zodInvalid(parsed.error);
  const { contentId, seconds } = parsed.data;
  const [content] = await db
    .select({ resource: records.resource })
    .from(records)
    .where(
      and(
        eq(records.id, contentId),
        eq(records.companyId, input.companyId),
        inArray(records.resource, [...CONTENT_RESOURCES]),
        isNull(records.deletedAt),
      ),
    );
  if (!content) throw notFound(CONTENT_NOT_FOUND);
  const [row] = await db
    .insert(viewEvents)
    .values({
      companyId: input.companyId,
      userId: input.userId,
      contentId,
      contentResource: content.resource as ViewEvent['contentResource'],
      seconds,
      ...(input.viewedAt ? { viewedAt: input.viewedAt } : {}),
    })
    .returning();
  await db.execute(
    sql`select view_rollups_add(company_id, user_id, content_id, seconds, viewed_at) from view_events where id = ${row!.id}`,
  );
  return toViewEvent(row!);
}
