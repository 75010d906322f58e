import { z } from 'zod';
import { defineResource } from '../resource.ts';

/**
 * What a deep link can open: library topics and contents, assignment courses and quizzes. Events
 * (issue 11) join this list once their resource exists in contract/registry.ts; until then a link
 * to one cannot be made, rather than made unchecked. The server checks the target is a live record.
 */
export const DEEP_LINK_TARGETS = ['Topic', 'Article', 'Sound', 'Video', 'Course', 'Quiz', 'Event'] as const;
/** The field that names a record of each target kind (its title, or its name). */
export const TARGET_NAME_FIELD: Record<(typeof DEEP_LINK_TARGETS)[number], 'title' | 'name'> = {
  Topic: 'title',
  Article: 'title',
  Sound: 'title',
  Video: 'title',
  Course: 'name',
  Quiz: 'name',
  Event: 'name',
};
export type DeepLinkTarget = (typeof DEEP_LINK_TARGETS)[number];

export const DEEP_LINK_KIND_REQUIRED = 'Choose what kind of content the link opens.';
export const DEEP_LINK_TARGET_REQUIRED = 'Choose the content the link opens.';
export const DEEP_LINK_TARGET_MISSING = 'Choose content that exists: this one does not exist or was deleted.';
export const DEEP_LINK_CODE_FORMAT = 'Use 3 to 40 letters, digits, hyphens or underscores.';
export const DEEP_LINK_CODE_TAKEN = 'This short code is already in use. Choose another.';
export const DEEP_LINK_CODE_FIXED =
  'The short code of a link cannot change: printed QR codes use it. Make a new link instead.';
export const DEEP_LINK_EXPIRY_INVALID = 'Choose a valid expiry date and time.';

/** The short code in `/l/{code}`: letters, digits, `-` and `_` (empty: the server makes one). */
export const DEEP_LINK_CODE = /^[A-Za-z0-9_-]{3,40}$/;
/** Path of a link's opening on the server; the console prefixes its own origin. */
export const deepLinkPath = (code: string) => `/l/${encodeURIComponent(code)}`;

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/**
 * A random 7-character base62 code (62^7 ≈ 3.5e12 codes), without modulo bias. The console makes
 * one when a link is created (so its QR code works offline at once); the server makes one when a
 * create leaves the code empty. Codes are unique across all companies, ignoring case.
 */
export function newLinkCode(length = 7): string {
  let code = '';
  while (code.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      // 248 = 4 * 62: bytes from 248 up would favour the first characters.
      if (byte < 248 && code.length < length) code += BASE62[byte % 62];
    }
  }
  return code;
}

const isInstant = (v: string) => z.iso.datetime({ offset: true }).safeParse(v).success;

/**
 * A short link and QR code that opens a library topic or content in the learner app (issue 8,
 * /home/DeepLink). `GET /l/{code}` counts the click and redirects (server/routes/deep-link-open.ts).
 * Library area: what it opens is the library's.
 */
export const deepLink = defineResource({
  name: 'DeepLink',
  area: 'library',
  fields: z.object({
    /** An optional label for the admin ("Poster in the canteen"). */
    title: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
    targetKind: z.enum(DEEP_LINK_TARGETS, { message: DEEP_LINK_KIND_REQUIRED }),
    /** A live record of `targetKind` in the company (checked by the server). */
    targetId: z.uuid(DEEP_LINK_TARGET_REQUIRED),
    /**
     * Set once, at creation: the client's proposal if free, otherwise a 422; empty makes the
     * server choose one. It never changes afterwards (printed QR codes carry it).
     */
    code: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9_-]{3,40})?$/, DEEP_LINK_CODE_FORMAT)
      .default(''),
    /** After this instant the link answers 410; null (or empty) never expires. */
    expiresAt: z
      .string()
      .refine((v) => v === '' || isInstant(v), DEEP_LINK_EXPIRY_INVALID)
      .nullable()
      .default(null),
    /** Openings counted by `GET /l/{code}`; set by the server, what a client sends is ignored. */
    clicks: z.number().int().min(0).default(0),
  }),
  searchable: ['title', 'code'],
  sortable: ['title', 'code', 'expiresAt'],
  defaultSort: { field: 'title', dir: 'asc' },
  exportColumns: ['title', 'targetKind', 'code', 'clicks', 'expiresAt'],
  unique: { code: DEEP_LINK_CODE_TAKEN },
});
