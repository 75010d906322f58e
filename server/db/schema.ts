import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { Permissions } from '#contract/permissions.ts';
import { RESOURCE_NAMES, RESOURCES } from '#contract/registry.ts';
import type { CONTENT_RESOURCES } from '#contract/resources/content.ts';
import { sortKey } from './sort-key.ts';

// Text UUIDv7 keys: the console creates records offline and brings its own ids.
const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull().defaultNow();
const updatedAt = () => at('updated_at').notNull().defaultNow();
/** What a table served as a resource needs to sync like `records`: rev, seq, tombstone. */
const syncColumns = () => ({
  rev: integer('rev').notNull().default(1),
  seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('records_seq')`),
  deletedAt: at('deleted_at'),
  updatedBy: text('updated_by'),
});

export const companies = pgTable(
  'companies',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    province: text('province').notNull().default(''),
    country: text('country').notNull().default(''),
    phone: text('phone').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPerson: text('contact_person').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('companies_code_key').on(sql`lower(${t.code})`)],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    permissions: jsonb('permissions').$type<Permissions>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...syncColumns(),
  },
  (t) => [index('roles_company_idx').on(t.companyId), index('roles_company_seq_idx').on(t.companyId, t.seq)],
);

export const departments = pgTable(
  'departments',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    roleId: text('role_id').references(() => roles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...syncColumns(),
  },
  (t) => [
    index('departments_company_idx').on(t.companyId),
    index('departments_company_seq_idx').on(t.companyId, t.seq),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: text('employee_id').notNull().default(''),
    prefix: text('prefix', { enum: ['Mr.', 'Mrs.', 'Miss.'] }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }),
    departmentId: text('department_id').references(() => departments.id, { onDelete: 'set null' }),
    roleId: text('role_id').references(() => roles.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    lineId: text('line_id').notNull().default(''),
    userType: text('user_type').notNull().default('user'),
    language: text('language', { enum: ['en', 'th', 'vn', 'mm', 'cn'] })
      .notNull()
      .default('en'),
    profileImage: text('profile_image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...syncColumns(),
  },
  (t) => [
    // Live users only: a deleted user's username and employee ID may be used again.
    uniqueIndex('users_company_username_key')
      .on(t.companyId, sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_company_employee_id_key')
      .on(t.companyId, sql`lower(${t.employeeId})`)
      .where(sql`${t.deletedAt} is null and ${t.employeeId} <> ''`),
    index('users_role_idx').on(t.roleId),
    index('users_company_seq_idx').on(t.companyId, t.seq),
  ],
);

export const departmentMembers = pgTable(
  'department_members',
  {
    departmentId: text('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.departmentId, t.userId] }),
    index('department_members_user_idx').on(t.userId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One row per (company code, username) as typed, whether or not that user exists. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    companyCode: text('company_code').notNull(),
    username: text('username').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: at('last_failed_at'),
    lockedUntil: at('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.companyCode, t.username] })],
);

/**
 * The activity log (contract/audit.ts): appended in the same transaction as each change, read by
 * administrators, pruned after the retention period; the API never changes or deletes a row.
 * `actorId` has no foreign key: the log outlives the users it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    resource: text('resource'),
    recordId: text('record_id'),
    label: text('label').notNull().default(''),
    changes: jsonb('changes').$type<{ field: string; from: unknown; to: unknown }[]>().notNull().default([]),
    ip: text('ip'),
  },
  (t) => [index('audit_log_company_at_idx').on(t.companyId, t.at)],
);

/**
 * An e-mail change asked for in the profile: the address changes only when the link sent to the
 * new address is opened (single use, expiring); a newer request spends the older ones.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    watchFlag: boolean('watch_flag').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // The bell's unread count (polled every 30 s by every console) reads only this small index:
    // tests/server/notify-unread-index.test.ts shows the plan.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.watchFlag} = false`),
  ],
);

/** A notification an administrator sent (or scheduled) from /notification-page. */
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    senderId: text('sender_id'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    audience: jsonb('audience')
      .$type<{ kind: 'everyone' | 'departments' | 'users'; departmentIds: string[]; userIds: string[] }>()
      .notNull(),
    channels: jsonb('channels').$type<string[]>().notNull(),
    sendAt: at('send_at').notNull(),
    /** Set when its delivery jobs were made (at `sendAt`); null while scheduled. */
    expandedAt: at('expanded_at'),
    recipients: integer('recipients').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_sends_company_created_idx').on(t.companyId, t.createdAt),
    index('notification_sends_due_idx').on(t.sendAt).where(sql`${t.expandedAt} is null`),
  ],
);

/**
 * The delivery queue (server/services/delivery-queue.ts): one job per recipient and channel of a
 * send or a reminder; `key` makes a second job for the same delivery impossible.
 */
export const deliveryJobs = pgTable(
  'delivery_jobs',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique(),
    sendId: text('send_id').references(() => notificationSends.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['inbox', 'push', 'email', 'line'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    state: text('state', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: at('run_at').notNull(),
    lockedUntil: at('locked_until'),
    error: text('error'),
    sentAt: at('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('delivery_jobs_due_idx').on(t.runAt).where(sql`${t.state} = 'queued'`),
    index('delivery_jobs_lease_idx').on(t.lockedUntil).where(sql`${t.state} = 'sending'`),
    index('delivery_jobs_send_idx').on(t.sendId, t.channel, t.state),
  ],
);

/** Per-company channel settings: e-mail sender, LINE token (encrypted), reminder days. */
export const notificationSettings = pgTable('notification_settings', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  senderName: text('sender_name').notNull().default(''),
  replyTo: text('reply_to').notNull().default(''),
  /** AES-256-GCM (server/lib/secret-box.ts); never sent back to a client. */
  lineTokenEnc: text('line_token_enc'),
  daysBeforeEnd: integer('days_before_end').notNull().default(3),
  daysBeforeExpiry: integer('days_before_expiry').notNull().default(7),
  daysBeforeEvent: integer('days_before_event').notNull().default(1),
  updatedAt: updatedAt(),
});

/** A browser's or the learner app's Web Push subscription. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** Server-wide generated keys (the VAPID key pair), made once on the first start. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});

/** When each periodic task of the embedded database last ran (db/housekeeping.ts). */
export const housekeepingRuns = pgTable('housekeeping_runs', {
  task: text('task').primaryKey(),
  ranAt: at('ran_at').notNull(),
});

export const files = pgTable(
  'files',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storagePath: text('storage_path').notNull(),
    /** Read from the bytes of an MP4 or MP3 at upload (server/lib/media-probe.ts); null otherwise. */
    durationSeconds: doublePrecision('duration_seconds'),
    /** A video's picture as shown (a portrait video is higher than wide); null for other files. */
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [index('files_company_idx').on(t.companyId)],
);

/** A row with a null company applies to every company that has no row of its own. */
export const settingsMaintenance = pgTable(
  'settings_maintenance',
  {
    id: id(),
    companyId: text('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    customerWebFlag: boolean('customer_web_flag').notNull().default(false),
    showSettingMaintenanceAlert: boolean('show_setting_maintenance_alert').notNull().default(false),
    message: text('message').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('settings_maintenance_company_key').on(sql`coalesce(${t.companyId}, '')`)],
);

/** Resources kept in tables of their own (server/resources/repository.ts), not in `records`. */
export const OWN_TABLE_RESOURCES: readonly string[] = ['User', 'Department', 'Role'];

/**
 * One partial index per resource and sortable field, from the registry, so a list page is an
 * index range. Both sides use `sortKey`, so the expressions match.
 */
function sortIndexes(t: {
  companyId: AnyPgColumn;
  data: AnyPgColumn;
  id: AnyPgColumn;
  resource: AnyPgColumn;
}) {
  return RESOURCE_NAMES.filter((r) => !OWN_TABLE_RESOURCES.includes(r)).flatMap((resource) =>
    RESOURCES[resource].sortable.map((field) =>
      index(`records_${resource.toLowerCase()}_${field.toLowerCase()}_idx`)
        .on(t.companyId, sortKey(t.data, field), t.id)
        .where(sql`${t.resource} = ${sql.raw(`'${resource}'`)}`),
    ),
  );
}

/** Cursor of every write to `records`: re-assigned on each change, so pull reads `seq > cursor`. */
export const recordsSeq = pgSequence('records_seq');

/** Generic storage of the registry's resources (contract/registry.ts), one jsonb row per record. */
export const records = pgTable(
  'records',
  {
    id: uuid('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    rev: integer('rev').notNull().default(1),
    seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('records_seq')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: at('deleted_at'),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
  },
  (t) => [
    index('records_company_resource_seq_idx').on(t.companyId, t.resource, t.seq),
    index('records_company_resource_deleted_idx').on(t.companyId, t.resource, t.deletedAt),
    ...sortIndexes(t),
    // A deep link's code is global (`/l/{code}` names no company) and never used twice, tombstones
    // included: a printed QR code of a deleted link must not open another link later.
    uniqueIndex('records_deeplink_code_key')
      .on(sql`lower(${t.data} ->> 'code')`)
      .where(sql`${t.resource} = 'DeepLink'`),
  ],
);

/** Idempotency keys (Push mutation ids, Idempotency-Key headers) with the first answer given. */
export const processedMutations = pgTable(
  'processed_mutations',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    resource: text('resource').notNull(),
    recordId: uuid('record_id'),
    httpStatus: integer('http_status').notNull().default(0),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

/**
 * Content-store items a company took into its library (one each): the content made from it.
 * The unique key refuses a second addition even when two arrive at once.
 */
export const storeAdditions = pgTable(
  'store_additions',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    storeItemId: uuid('store_item_id').notNull(),
    contentId: uuid('content_id').notNull(),
    resource: text('resource').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.storeItemId] })],
);

/**
 * Resumable (tus) uploads in progress. The bytes are in the file store (DATA_DIR/tus/<id>, or an
 * S3 multipart upload whose parts are listed in `storeState`) until complete.
 */
export const tusUploads = pgTable(
  'tus_uploads',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    length: bigint('length', { mode: 'number' }).notNull(),
    fileId: text('file_id'),
    /** What the file store needs to continue the upload (S3: multipart id, parts, tail). */
    storeState: jsonb('store_state').$type<Record<string, unknown>>(),
    /** The lease of the PATCH receiving bytes: one writer per upload across every API process. */
    lockOwner: text('lock_owner'),
    lockedUntil: at('locked_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tus_uploads_updated_idx').on(t.updatedAt)],
);

/**
 * What learners viewed (POST /api/v1/Learner/RecordView): one row per view, never updated. The
 * reports read it by company and time range (totals, views per day, top contents, top users and
 * departments), and by content (a content's own count). `content_resource` is copied from the
 * content so a report can split articles, sounds and videos without reading `records`.
 *
 * Only the company has a foreign key: users and contents are soft-deleted (their history stays),
 * and a key on each would make deleting a company check every one of its users and contents
 * against all of its events. The service checks both before inserting.
 */
export const viewEvents = pgTable(
  'view_events',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    contentId: uuid('content_id').notNull(),
    contentResource: text('content_resource').$type<(typeof CONTENT_RESOURCES)[number]>().notNull(),
    seconds: integer('seconds').notNull(),
    viewedAt: at('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    // The dashboard's range queries read only this index (an index-only scan after the vacuum):
    // content and user are in it, as key columns since drizzle-kit writes no INCLUDE.
    index('view_events_company_viewed_idx').on(t.companyId, t.viewedAt, t.contentId, t.userId),
    index('view_events_content_viewed_idx').on(t.contentId, t.viewedAt),
    check('view_events_seconds_check', sql`${t.seconds} >= 0`),
    check('view_events_resource_check', sql`${t.contentResource} in ('Article', 'Sound', 'Video')`),
  ],
);

/** A PostgreSQL bit string (`bit varying`), read and written as its text of 0s and 1s. */
const varbit = customType<{ data: string; driverData: string }>({ dataType: () => 'bit varying' });

/**
 * The rollups of view_events the reports read (docs/reports.md, "Performance"), kept in the same
 * transaction as the views by `view_rollups_add_events` (migration 0022) and rebuilt from the events
 * by `view_rollups_fill` (migration 0021, which filled them for the events before it).
 *
 * view_numbers: a small number per user and per content of a company that has views, in the order
 * of their first view: the bit of that user (content) in the rollups' bitmaps, so distinct viewers
 * (contents) over any set of buckets are the set bits of their OR.
 */
export const viewNumbers = pgTable(
  'view_numbers',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'user' | 'content'>().notNull(),
    /** The user id, or the content id as text. */
    id: text('id').notNull(),
    num: integer('num').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.kind, t.id] }),
    uniqueIndex('view_numbers_num_idx').on(t.companyId, t.kind, t.num),
  ],
);

/**
 * Views per user and UTC day (`span` 1, `day` the date) and per user and UTC week (`span` 7, `day`
 * its Monday): count, seconds, the last one, and the bitmap of the contents viewed (bit = the
 * content's view_numbers num; its length a multiple of 64, grown as numbers are given out).
 */
export const viewUserRollups = pgTable(
  'view_user_rollups',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    span: smallint('span').notNull(),
    day: date('day').notNull(),
    userId: text('user_id').notNull(),
    views: integer('views').notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
    lastAt: at('last_at').notNull(),
    contents: varbit('contents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.span, t.day, t.userId] })],
);

/** Views per content and UTC day or week, as view_user_rollups, with the bitmap of the viewers. */
export const viewContentRollups = pgTable(
  'view_content_rollups',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    span: smallint('span').notNull(),
    day: date('day').notNull(),
    contentId: uuid('content_id').notNull(),
    views: integer('views').notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
    lastAt: at('last_at').notNull(),
    viewers: varbit('viewers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.span, t.day, t.contentId] })],
);

/** Views of a company per 15-minute UTC bucket (the dashboard's days in any zone in use). */
export const viewQuarters = pgTable(
  'view_quarters',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.at] })],
);

/**
 * A learner's place in one video of an assignment course (POST /api/v1/Learner/RecordVideoProgress):
 * the last position, the furthest position reached (prohibitForward is checked against it) and
 * whether it was watched to the end. Company, course and user are kept without foreign keys for
 * the same reason as view_events (soft-deleted courses and users keep their history).
 */
export const courseVideoProgress = pgTable(
  'course_video_progress',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').notNull(),
    userId: text('user_id').notNull(),
    videoItemId: uuid('video_item_id').notNull(),
    position: doublePrecision('position').notNull().default(0),
    furthest: doublePrecision('furthest').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    completedAt: at('completed_at'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId, t.videoItemId] }),
    index('course_video_progress_company_course_idx').on(t.companyId, t.courseId),
  ],
);

/**
 * One try of a course's pre- or post-test. `questions` is the quiz as shown (order, options and
 * their correct flags at the start), so a quiz edited meanwhile does not change how it is scored.
 * `deadline` is null without a time limit; `submittedAt` null while open or when the time ran out.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').notNull(),
    quizId: uuid('quiz_id').notNull(),
    userId: text('user_id').notNull(),
    slot: text('slot', { enum: ['pre', 'post'] }).notNull(),
    attemptNumber: integer('attempt_number').notNull(),
    startedAt: at('started_at').notNull(),
    deadline: at('deadline'),
    submittedAt: at('submitted_at'),
    questions: jsonb('questions').$type<unknown>().notNull(),
    answers: jsonb('answers').$type<Record<string, string[]>>(),
    score: integer('score'),
    total: integer('total').notNull(),
    passingScore: integer('passing_score'),
    passed: boolean('passed'),
  },
  (t) => [
    uniqueIndex('quiz_attempts_user_slot_number_key').on(t.courseId, t.userId, t.slot, t.attemptNumber),
    index('quiz_attempts_company_course_idx').on(t.companyId, t.courseId, t.userId),
    index('quiz_attempts_company_user_idx').on(t.companyId, t.userId, t.startedAt),
    check('quiz_attempts_slot_check', sql`${t.slot} in ('pre', 'post')`),
  ],
);

/**
 * A learner's course as a whole, written by the learner calls when it changes: when they started
 * (first progress or attempt), how many videos they completed, when they finished. The report
 * reads it (the state is these instants against the course's dates, docs/course-progress.md).
 */
export const courseProgress = pgTable(
  'course_progress',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').notNull(),
    userId: text('user_id').notNull(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    videosCompleted: integer('videos_completed').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
    // The course reports' flags of the pair, kept by the database's triggers (migration 0023,
    // docs/reports.md "Performance"): whatever a write gives them is replaced.
    pairLive: boolean('pair_live').notNull().default(false),
    pairAudience: boolean('pair_audience').notNull().default(false),
    pairPassed: boolean('pair_passed').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    // Also holds started_at, finished_at and the pair flags (INCLUDE, migration 0025).
    index('course_progress_company_course_idx').on(t.companyId, t.courseId),
    index('course_progress_company_user_idx').on(t.companyId, t.userId),
  ],
);

/**
 * Certificates issued (issue 10): one per learner and course, written once when the learner first
 * passes a course that has a certificate. `code` is the public verification code (`/verify/{code}`);
 * the learner's and course's names are kept as they were on that day. `autoMail`: e-mailed by the
 * server (the course's sending was auto); `autoMailDoneAt` marks that job done (sent or not
 * possible), so a restart resumes the ones still owed.
 */
export const issuedCertificates = pgTable(
  'issued_certificates',
  {
    id: uuid('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').notNull(),
    userId: text('user_id').notNull(),
    templateId: uuid('template_id').notNull(),
    code: text('code').notNull(),
    learnerName: text('learner_name').notNull(),
    courseName: text('course_name').notNull(),
    issuedAt: at('issued_at').notNull(),
    revokedAt: at('revoked_at'),
    revokedBy: text('revoked_by'),
    autoMail: boolean('auto_mail').notNull().default(false),
    autoMailDoneAt: at('auto_mail_done_at'),
    autoMailTries: integer('auto_mail_tries').notNull().default(0),
  },
  (t) => [
    uniqueIndex('issued_certificates_course_user_key').on(t.courseId, t.userId),
    uniqueIndex('issued_certificates_code_key').on(t.code),
    index('issued_certificates_company_course_idx').on(t.companyId, t.courseId),
    index('issued_certificates_auto_mail_idx')
      .on(t.issuedAt)
      .where(sql`${t.autoMail} and ${t.autoMailDoneAt} is null`),
  ],
);

/** Every e-mail of a certificate (spec section 3's history): when, by whom (null: automatic), to whom. */
export const certificateSends = pgTable(
  'certificate_sends',
  {
    id: uuid('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => issuedCertificates.id, { onDelete: 'cascade' }),
    sentAt: at('sent_at').notNull(),
    sentBy: text('sent_by'),
    to: text('to_address').notNull(),
  },
  (t) => [index('certificate_sends_certificate_idx').on(t.certificateId)],
);
