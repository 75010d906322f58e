import type { z } from 'zod';
import { envelope, errorEnvelope, STATUS } from '#contract/envelope.ts';

export const ok = <T>(data: T, message = 'OK') => ({ status: STATUS.ok, message, data });

/** Response schemas of a route: the success envelope around `data`, and the error envelope. */
export const responses = <T extends z.ZodType>(data: T) => ({
  200: envelope(data),
  '4xx': errorEnvelope,
  '5xx': errorEnvelope,
});
