import { z } from 'zod';

/**
 * The activity log (issue 15): who did what to which record, when and from where. Written by the
 * server in the same transaction as each change; never changed or deleted through the API.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  /** A role's permissions changed. */
  'permissionChange',
  /** A user switched off (`active` true -> false), or back on. */
  'deactivate',
  'reactivate',
  'signIn',
  'signInFailed',
  /** A record created by an Excel import (the user import). */
  'import',
  /** A notification sent (or scheduled) to users from /notification-page. */
  'notificationSent',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One changed field: its value before and after (long texts cut, secrets never stored). */
export const auditChange = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });
export type AuditChange = z.infer<typeof auditChange>;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string().describe('When (ISO 8601, the server clock).'),
  actorId: z.string().nullable(),
  actorName: z.string().describe("The actor's name now ('' when unknown or for a failed sign-in)."),
  action: z.enum(AUDIT_ACTIONS),
  resource: z.string().nullable(),
  recordId: z.string().nullable(),
  /** The record's name or title at the time (a username for sign-ins). */
  label: z.string(),
  changes: z.array(auditChange),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListRequest = z.object({
  page: z.number().int().min(1).default(1),
  per_page: z.number().int().min(1).max(1000).default(50),
  /** Inclusive bounds on `at` (ISO 8601 instants). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  resource: z.string().max(60).optional(),
  actorId: z.string().max(60).optional(),
  /** In the label, the resource or the actor's name. */
  search: z.string().max(200).optional(),
});
export type AuditListRequest = z.input<typeof auditListRequest>;

export const auditPage = z.object({
  items: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/** Kept this long unless AUDIT_RETENTION_DAYS says otherwise. */
export const AUDIT_RETENTION_DAYS_DEFAULT = 365;
