import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { changePasswordMessage } from '@/features/password/change-password-message';

const message = (current: string, next: string, confirm: string) => {
  const m = changePasswordMessage({ current, next, confirm });
  return m ? i18n._(m) : null;
};

describe('changePasswordMessage (spec section 5)', () => {
  it('asks for the current and new password when both are empty', () => {
    expect(message('', '', '')).toBe('* Please enter your current password and new Password!');
    expect(message('', '', 'x')).toBe('* Please enter your current password and new Password!');
  });

  it('asks for the current password and a matching confirmation', () => {
    expect(message('', 'New@1234', 'other')).toBe(
      '* Please enter your current password and the same confirm Password!',
    );
  });

  it('asks only for the current password when the new ones match', () => {
    expect(message('', 'New@1234', 'New@1234')).toBe('* Please enter your current password!');
  });

  it('asks for a matching confirmation', () => {
    expect(message('Old@1234', 'New@1234', 'New@123')).toBe('* Please enter the same confirm Password!');
    expect(message('Old@1234', 'New@1234', '')).toBe('* Please enter the same confirm Password!');
  });

  it('asks for the new password when it is empty', () => {
    expect(message('Old@1234', '', '')).toBe('* Please enter your new password!');
    expect(message('Old@1234', '', 'x')).toBe('* Please enter your new password!');
  });

  it('allows saving only when current is given and new equals confirm', () => {
    expect(message('Old@1234', 'New@1234', 'New@1234')).toBeNull();
  });
});
