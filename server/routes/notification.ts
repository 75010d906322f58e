import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  getNotificationsRequest,
  markReadRequest,
  notificationList,
  unreadCount,
  unreadCountRequest,
} from '#contract/notifications.ts';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import { notFound } from '../lib/api-error.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';

const DAY = 86_400_000;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A date-only end (2025-01-31) includes that whole day. */
const dateBound = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Use a date such as 2025-01-31 or an ISO date-time')
  .optional();
const listRequest = getNotificationsRequest.extend({ startDate: dateBound, endDate: dateBound });

async function countUnread(db: Db, userId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.watchFlag, false)));
  return n;
}

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v3/Notification/GetNotificationFromWeb',
    { schema: { tags: ['Notification'], body: listRequest, response: responses(notificationList) } },
    async (req) => {
      const { userId, companyId } = requireAuth(req);
      const { startDate, endDate, offset, limit } = req.body;
      const where: SQL[] = [eq(notifications.userId, userId), eq(notifications.companyId, companyId)];
      if (startDate) where.push(gte(notifications.createdAt, new Date(startDate)));
      if (endDate) {
        const end = new Date(endDate);
        if (isoDay.test(endDate)) where.push(lte(notifications.createdAt, new Date(end.getTime() + DAY - 1)));
        else where.push(lte(notifications.createdAt, end));
      }
      const [rows, [{ total }], unread] = await Promise.all([
        app.db
          .select()
          .from(notifications)
          .where(and(...where))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(limit)
          .offset(offset),
        app.db
          .select({ total: count() })
          .from(notifications)
          .where(and(...where)),
        countUnread(app.db, userId),
      ]);
      const items = rows.map((n) => ({
        id: n.id,
        title: n.title,
        body: n.body,
        link: n.link,
        watchFlag: n.watchFlag,
        createdAt: n.createdAt.toISOString(),
      }));
      return ok({ items, total, unread });
    },
  );

  app.post(
    '/v3/Notification/GetUnreadCount',
    { schema: { tags: ['Notification'], body: unreadCountRequest, response: responses(unreadCount) } },
    async (req) => ok({ unread: await countUnread(app.db, requireAuth(req).userId) }),
  );

  app.post(
    '/v3/Notification/MarkRead',
    { schema: { tags: ['Notification'], body: markReadRequest, response: responses(z.null()) } },
    async (req) => {
      const { userId } = requireAuth(req);
      const [row] = await app.db
        .update(notifications)
        .set({ watchFlag: true })
        .where(and(eq(notifications.id, req.body.id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      // Someone else's notification answers exactly like a missing one.
      if (!row) throw notFound('Notification not found.');
      return ok(null);
    },
  );
};
