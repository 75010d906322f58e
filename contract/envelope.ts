import { z } from 'zod';

/**
 * Every answer is `{ status, message, data }`; status 0 is success (spec section 7).
 * Non-zero statuses are stable codes a client may switch on; the HTTP code is also right.
 */
export const STATUS = {
  ok: 0,
  validation: 1001,
  unauthorized: 1002,
  forbidden: 1003,
  notFound: 1004,
  conflict: 1005,
  locked: 1006,
  invalidCredentials: 1007,
  tooLarge: 1008,
  unsupportedType: 1009,
  rateLimited: 1010,
  maintenance: 1011,
  wrongPassword: 1012,
  invalidResetToken: 1013,
  server: 1500,
} as const;
export type StatusCode = (typeof STATUS)[keyof typeof STATUS];

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), message: z.string(), data });

export const errorEnvelope = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.unknown().nullable(),
});

export type Envelope<T> = { status: number; message: string; data: T };

/** The envelope of an answer's body, or null; a plain check, so reading an answer needs no zod. */
export function asEnvelope(body: unknown): Envelope<unknown> | null {
  if (typeof body !== 'object' || body === null) return null;
  const { status, message, data } = body as Record<string, unknown>;
  if (!Number.isInteger(status) || typeof message !== 'string') return null;
  return { status: status as number, message, data: data ?? null };
}
