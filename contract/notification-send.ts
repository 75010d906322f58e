import { z } from 'zod';
import { DEEP_LINK_TARGETS } from './resources/deep-link.ts';

/** The channels a notification goes out on (spec section 1). */
export const CHANNELS = ['inbox', 'push', 'email', 'line'] as const;
export type Channel = (typeof CHANNELS)[number];
export const AUDIENCE_KINDS = ['everyone', 'departments', 'users'] as const;
export const DELIVERY_STATES = ['queued', 'sent', 'failed'] as const;

export const SEND_TITLE_REQUIRED = 'Please enter a title.';
export const SEND_CHANNEL_REQUIRED = 'Choose at least one channel.';
export const SEND_DEPARTMENTS_REQUIRED = 'Choose at least one department or group.';
export const SEND_USERS_REQUIRED = 'Choose at least one user.';
export const SEND_LINK_INVALID =
  'Use a web address (https://…), a deep link (/l/code) or a content, course or event from the list.';
export const SEND_AT_INVALID = 'Choose a valid date and time.';
export const SEND_LINK_MISSING = 'The linked content does not exist or was deleted.';

/** A content, course, quiz or event of the company: `Course/0190…`. */
export const TARGET_LINK = new RegExp(`^(${DEEP_LINK_TARGETS.join('|')})/[0-9a-f-]{36}$`, 'i');
const isLink = (v: string) =>
  v === '' || TARGET_LINK.test(v) || /^\/l\/[A-Za-z0-9_-]{3,40}$/.test(v) || /^https?:\/\/\S+$/i.test(v);

export const sendNotificationRequest = z
  .object({
    title: z.string().trim().min(1, SEND_TITLE_REQUIRED).max(120, 'Use at most 120 characters.'),
    body: z.string().trim().max(1000, 'Use at most 1000 characters.').default(''),
    link: z.string().trim().max(500).refine(isLink, SEND_LINK_INVALID).default(''),
    audience: z.enum(AUDIENCE_KINDS),
    departmentIds: z.array(z.uuid()).max(200).default([]),
    userIds: z.array(z.string().min(1).max(60)).max(10_000).default([]),
    channels: z.array(z.enum(CHANNELS)).min(1, SEND_CHANNEL_REQUIRED).max(CHANNELS.length),
    /** When to send (ISO 8601); absent or null: now. */
    sendAt: z.iso.datetime({ offset: true, message: SEND_AT_INVALID }).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.audience === 'departments' && v.departmentIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['departmentIds'], message: SEND_DEPARTMENTS_REQUIRED });
    if (v.audience === 'users' && v.userIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: SEND_USERS_REQUIRED });
  });
export type SendNotificationInput = z.input<typeof sendNotificationRequest>;
export type SendNotification = z.output<typeof sendNotificationRequest>;

const counts = z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int() });
export const sendSummary = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  audience: z.enum(AUDIENCE_KINDS),
  channels: z.array(z.enum(CHANNELS)),
  sendAt: z.string(),
  createdAt: z.string(),
  /** Null while a scheduled send waits for its time. */
  expandedAt: z.string().nullable(),
  recipients: z.number().int(),
  senderName: z.string(),
  counts: z.partialRecord(z.enum(CHANNELS), counts),
  /** Why deliveries failed, grouped by channel and reason, most frequent first. */
  failures: z.array(z.object({ channel: z.enum(CHANNELS), reason: z.string(), count: z.number().int() })),
});
export type SendSummary = z.infer<typeof sendSummary>;

export const sendHistoryRequest = z.object({
  page: z.number().int().min(1).default(1),
  per_page: z.number().int().min(1).max(100).default(20),
});
export const sendHistory = z.object({
  items: z.array(sendSummary),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/** /setting/emailpage: the sender of the company's e-mails and its LINE channel. */
export const emailSettings = z.object({
  senderName: z.string(),
  replyTo: z.string(),
  /** The token itself is never sent back. */
  lineTokenSet: z.boolean(),
});
export const updateEmailSettingsRequest = z.object({
  senderName: z
    .string()
    .trim()
    .max(100, 'Use at most 100 characters.')
    .regex(/^[^<>"\r\n]*$/, 'Use letters, digits and spaces.'),
  replyTo: z.union([z.literal(''), z.email('Please enter a valid e-mail address.').max(200)]),
  /** Absent: unchanged; '': removed. */
  lineToken: z.string().trim().max(500).optional(),
});
export type UpdateEmailSettings = z.input<typeof updateEmailSettingsRequest>;
export const testEmailRequest = z.object({ to: z.email('Please enter a valid e-mail address.').max(200) });

/** /setting/notificationpage: reminder days (spec section 3); 0 turns a reminder off. */
const days = z
  .number()
  .int('Use a whole number of days.')
  .min(0, 'Use 0 to 365 days.')
  .max(365, 'Use 0 to 365 days.');
export const reminderSettings = z.object({
  daysBeforeEnd: days,
  daysBeforeExpiry: days,
  daysBeforeEvent: days,
});
export type ReminderSettings = z.infer<typeof reminderSettings>;

/** Web Push: the server's VAPID public key, and a browser's or the learner app's subscription. */
export const pushKey = z.object({ publicKey: z.string() });
export const pushSubscriptionRequest = z.object({
  /** Push services are reached over https only (web-push sends nothing else). */
  endpoint: z
    .url()
    .max(1000)
    .refine((u) => u.startsWith('https://'), 'Use an https URL.'),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export const pushUnsubscribeRequest = z.object({ endpoint: z.string().max(1000) });

/** Who a notification can go to: the company's departments and groups, and its active users. */
export const audienceOptions = z.object({
  departments: z.array(z.object({ id: z.string(), name: z.string() })),
  users: z.array(z.object({ id: z.string(), name: z.string(), departmentId: z.string().nullable() })),
});
