import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type ChangePasswordInput = { current: string; next: string; confirm: string };

/**
 * The inline message of spec section 5 for the form's state, or null when it may be saved.
 * Missing values are reported before a mismatch: a confirmation cannot match an empty password.
 */
export function changePasswordMessage({
  current,
  next,
  confirm,
}: ChangePasswordInput): MessageDescriptor | null {
  const mismatch = next !== confirm;
  if (!current) {
    if (!next) return msg`* Please enter your current password and new Password!`;
    if (mismatch) return msg`* Please enter your current password and the same confirm Password!`;
    return msg`* Please enter your current password!`;
  }
  if (!next) return msg`* Please enter your new password!`;
  if (mismatch) return msg`* Please enter the same confirm Password!`;
  return null;
}
