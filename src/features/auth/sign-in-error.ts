import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LOCKOUT_MINUTES } from '#contract/constants.ts';
import { STATUS } from '#contract/envelope.ts';
import { ApiError, NETWORK_ERROR } from '@/data/http/http-client';

/** What the login form says for a failed sign-in; the wrong-credentials text is the spec's own. */
export function signInErrorMessage(error: unknown, i18n: I18n): string {
  if (!(error instanceof ApiError)) return i18n._(msg`Sign-in failed. Please try again.`);
  if (error.status === NETWORK_ERROR) {
    return i18n._(msg`Cannot reach the server. Check your connection and try again.`);
  }
  if (error.status === STATUS.invalidCredentials || error.httpStatus === 401) {
    return i18n._(msg`Sorry, your account or password is incorrect. Please try again.`);
  }
  if (error.status === STATUS.locked || error.httpStatus === 423) {
    const until = (error.data as { lockedUntil?: unknown } | null)?.lockedUntil;
    if (typeof until === 'string' && !Number.isNaN(Date.parse(until))) {
      const time = i18n.date(until, { dateStyle: 'medium', timeStyle: 'short' });
      return i18n._(msg`Your account is locked after too many failed attempts. Try again after ${time}.`);
    }
    const minutes = LOCKOUT_MINUTES;
    return i18n._(
      msg`Your account is locked after too many failed attempts. Try again in ${minutes} minutes.`,
    );
  }
  if (error.status === STATUS.maintenance || error.httpStatus === 503) {
    const detail = (error.data as { message?: unknown } | null)?.message;
    return typeof detail === 'string' && detail
      ? detail
      : i18n._(msg`The system is under maintenance. Please try again later.`);
  }
  if (error.status === STATUS.rateLimited || error.httpStatus === 429) {
    return i18n._(msg`Too many attempts. Please wait a moment and try again.`);
  }
  return i18n._(msg`Sign-in failed. Please try again.`);
}
