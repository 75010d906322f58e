import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATUS } from '#contract/envelope.ts';
import {
  audienceOptions,
  emailSettings,
  pushKey,
  pushSubscriptionRequest,
  pushUnsubscribeRequest,
  reminderSettings,
  sendHistory,
  sendHistoryRequest,
  sendNotificationRequest,
  testEmailRequest,
  updateEmailSettingsRequest,
} from '#contract/notification-send.ts';
import { companies, departments, pushSubscriptions, users } from '../db/schema.ts';
import { ApiError } from '../lib/api-error.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { type Lang, notificationEmail, senderOf } from '../services/channels/email-template.ts';
import { createSend, listSends } from '../services/notification-sends.ts';
import {
  emailSettingsOf,
  readSettings,
  saveEmailSettings,
  saveReminderSettings,
} from '../services/notification-settings.ts';

/** Sending notifications (sendNotification), their channels' settings (settingNotification), push subscriptions. */
export const notificationSendRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Notification'];
  const may = app.requirePermission;

  app.post(
    '/v1/Notification/Send',
    {
      preValidation: may('sendNotification', 'create'),
      // The queue starts on the send's jobs once the answer is out: expanding a large audience
      // (one INSERT ... SELECT) would otherwise hold the embedded database before the reply left.
      onResponse: async (_req, reply) => {
        if (reply.statusCode === 200) app.notify.kick();
      },
      schema: {
        tags,
        summary: 'Send a notification now or at a time',
        description:
          'To everyone, departments/groups or chosen users of the company, on the inbox, Web Push, e-mail and ' +
          'LINE. Answers at once: one delivery job per recipient and channel goes to the durable queue. ' +
          'Recorded in the activity log as "notificationSent".',
        body: sendNotificationRequest,
        response: responses(z.object({ id: z.string() })),
      },
    },
    async (req) => {
      const { companyId, userId } = requireAuth(req);
      const where = { publicUrl: app.config.publicUrl, learnerAppUrl: app.config.learnerAppUrl };
      const send = await createSend(app.db, {
        companyId,
        senderId: userId,
        ip: req.ip,
        input: req.body,
        now: app.now(),
        where,
      });
      return ok({ id: send.id }, 'Notification sent.');
    },
  );

  app.post(
    '/v1/Notification/SendHistory',
    {
      preValidation: may('sendNotification', 'read'),
      schema: { tags, body: sendHistoryRequest, response: responses(sendHistory) },
    },
    async (req) => ok(await listSends(app.db, requireAuth(req).companyId, req.body.page, req.body.per_page)),
  );

  app.post(
    '/v1/Notification/Audience',
    {
      preValidation: may('sendNotification', 'read'),
      schema: { tags, response: responses(audienceOptions) },
    },
    async (req) => {
      const { companyId } = requireAuth(req);
      const [deps, people] = await Promise.all([
        app.db
          .select({ id: departments.id, name: departments.name })
          .from(departments)
          .where(and(eq(departments.companyId, companyId), isNull(departments.deletedAt)))
          .orderBy(asc(departments.name)),
        app.db
          .select({
            id: users.id,
            first: users.firstName,
            last: users.lastName,
            departmentId: users.departmentId,
          })
          .from(users)
          .where(and(eq(users.companyId, companyId), isNull(users.deletedAt), eq(users.active, true)))
          .orderBy(asc(users.firstName), asc(users.lastName)),
      ]);
      return ok({
        departments: deps,
        users: people.map((u) => ({
          id: u.id,
          name: `${u.first} ${u.last}`.trim(),
          departmentId: u.departmentId,
        })),
      });
    },
  );

  app.post(
    '/v1/Notification/GetEmailSettings',
    {
      preValidation: may('settingNotification', 'read'),
      schema: { tags, response: responses(emailSettings) },
    },
    async (req) => ok(emailSettingsOf(await readSettings(app.db, requireAuth(req).companyId))),
  );

  app.post(
    '/v1/Notification/UpdateEmailSettings',
    {
      preValidation: may('settingNotification', 'update'),
      schema: {
        tags,
        description:
          'Sender name and reply-to of the company’s e-mails; the LINE channel access token (stored encrypted, never returned).',
        body: updateEmailSettingsRequest,
        response: responses(emailSettings),
      },
    },
    async (req) =>
      ok(
        await saveEmailSettings(app.db, app.notify.box, requireAuth(req).companyId, req.body, app.now()),
        'Settings saved.',
      ),
  );

  app.post(
    '/v1/Notification/SendTestEmail',
    {
      preValidation: may('settingNotification', 'update'),
      schema: { tags, body: testEmailRequest, response: responses(z.null()) },
    },
    async (req) => {
      const { companyId, userId } = requireAuth(req);
      const [[company], [me], settings] = await Promise.all([
        app.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)),
        app.db.select({ language: users.language }).from(users).where(eq(users.id, userId)),
        readSettings(app.db, companyId),
      ]);
      const mail = notificationEmail((me?.language ?? 'en') as Lang, {
        company: company?.name ?? '',
        title: 'Test e-mail',
        body: 'This is a test of the e-mail settings.',
        link: null,
      });
      try {
        await app.mailer.deliver({
          to: req.body.to,
          ...mail,
          from: senderOf(app.mailer.from, settings.senderName),
          ...(settings.replyTo ? { replyTo: settings.replyTo } : {}),
        });
      } catch (err) {
        throw new ApiError(502, STATUS.server, `The e-mail could not be sent: ${(err as Error).message}`);
      }
      return ok(null, 'Test e-mail sent.');
    },
  );

  app.post(
    '/v1/Notification/GetReminderSettings',
    {
      preValidation: may('settingNotification', 'read'),
      schema: { tags, response: responses(reminderSettings) },
    },
    async (req) => {
      const s = await readSettings(app.db, requireAuth(req).companyId);
      return ok({
        daysBeforeEnd: s.daysBeforeEnd,
        daysBeforeExpiry: s.daysBeforeExpiry,
        daysBeforeEvent: s.daysBeforeEvent,
      });
    },
  );

  app.post(
    '/v1/Notification/UpdateReminderSettings',
    {
      preValidation: may('settingNotification', 'update'),
      schema: { tags, body: reminderSettings, response: responses(reminderSettings) },
    },
    async (req) =>
      ok(
        await saveReminderSettings(app.db, requireAuth(req).companyId, req.body, app.now()),
        'Settings saved.',
      ),
  );

  // Web Push for any signed-in user: the console ("turn on push for this browser") and the learner app.
  app.post(
    '/v1/Notification/GetPushKey',
    { schema: { tags, summary: "The server's VAPID public key", response: responses(pushKey) } },
    async () => ok({ publicKey: app.notify.vapid.publicKey }),
  );

  app.post(
    '/v1/Notification/SubscribePush',
    {
      schema: {
        tags,
        summary: 'Turn on Web Push for this browser or app (console and learner app)',
        body: pushSubscriptionRequest,
        response: responses(z.null()),
      },
    },
    async (req) => {
      const { companyId, userId } = requireAuth(req);
      const { endpoint, keys } = req.body;
      // An endpoint belongs to one browser: a new sign-in on it takes it over.
      await app.db
        .insert(pushSubscriptions)
        .values({ companyId, userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: app.now() })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { companyId, userId, p256dh: keys.p256dh, auth: keys.auth },
        });
      return ok(null, 'Push notifications are on for this browser.');
    },
  );

  app.post(
    '/v1/Notification/UnsubscribePush',
    { schema: { tags, body: pushUnsubscribeRequest, response: responses(z.null()) } },
    async (req) => {
      const { userId } = requireAuth(req);
      await app.db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, req.body.endpoint), eq(pushSubscriptions.userId, userId)));
      return ok(null);
    },
  );
};
