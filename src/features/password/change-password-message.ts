import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';

export type ChangePasswordInput = { current: string; next: string; confirm: string };

/** The inline messages of spec section 5, exactly. */
export const CHANGE_PASSWORD_MESSAGES = {
  currentAndNew: msg`* Please enter your current password and new Password!`,
  currentAndSame: msg`* Please enter your current password and the same confirm Password!`,
  current: msg`* Please enter your current password!`,
  next: msg`* Please enter your new password!`,
  same: msg`* Please enter the same confirm Password!`,
} satisfies Record<string, MessageDescriptor>;
type Problem = keyof typeof CHANGE_PASSWORD_MESSAGES;

/** Missing values are reported before a mismatch: a confirmation cannot match an empty password. */
function problemOf({ current, next, confirm }: ChangePasswordInput): Problem | null {
  const mismatch = next !== confirm;
  if (!current) {
    if (!next) return 'currentAndNew';
    return mismatch ? 'currentAndSame' : 'current';
  }
  if (!next) return 'next';
  return mismatch ? 'same' : null;
}

/** The inline message for the form's state, or null when it may be saved. */
export function changePasswordMessage(input: ChangePasswordInput): MessageDescriptor | null {
  const problem = problemOf(input);
  return problem ? CHANGE_PASSWORD_MESSAGES[problem] : null;
}

/** The form's schema: one issue, on `confirm`, keyed into CHANGE_PASSWORD_MESSAGES. */
export const changePasswordForm = z
  .object({ current: z.string(), next: z.string(), confirm: z.string() })
  .superRefine((input, ctx) => {
    const problem = problemOf(input);
    if (problem) ctx.addIssue({ code: 'custom', path: ['confirm'], message: problem });
  });
