import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordRequest, forgotPasswordRequest, resetPasswordRequest } from '#contract/auth.ts';
import { RESET_TOKEN_TTL_MINUTES } from '#contract/constants.ts';
import { STATUS } from '#contract/envelope.ts';
import { users } from '../db/schema.ts';
import { ApiError, rateLimited } from '../lib/api-error.ts';
import { ok, responses } from '../lib/envelope.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { createRateLimiter } from '../lib/rate-limit.ts';
import { requireAuth } from '../plugins/auth.ts';
import { findCompanyByCode, findUser, findUserByUsername } from '../services/accounts.ts';
import { issueResetToken, resetPassword } from '../services/password-reset.ts';
import { revokeSession, revokeUserSessions } from '../services/sessions.ts';

export const FORGOT_SENT =
  'If this account exists and has an e-mail address, we have sent it a link to reset the password. ' +
  `The link works once, for ${RESET_TOKEN_TTL_MINUTES} minutes.`;
export const INVALID_RESET_TOKEN =
  'This password reset link is invalid, was already used or has expired. Please ask for a new one.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';

function resetMail(to: string, name: string, link: string) {
  const text = [
    `Hello ${name},`,
    '',
    'Someone asked to reset the password of your Learning Admin Console account.',
    `Open this link within ${RESET_TOKEN_TTL_MINUTES} minutes to choose a new password (it works once):`,
    '',
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays the same.',
  ].join('\n');
  return { to, subject: 'Reset your password', text };
}

/** Wrong current passwords one user may give ChangePassword per window (issue 15). */
export const WRONG_CURRENT_PASSWORDS = { max: 5, windowMs: 15 * 60_000 };

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const perClient = createRateLimiter({ max: 10, windowMs: 15 * 60_000, now: app.now });
  // Per user, in this process: with several instances each counts alone, but the first to reach
  // the limit ends the session, so the guesses a session gets stay bounded.
  const wrongCurrentPasswords = createRateLimiter({ ...WRONG_CURRENT_PASSWORDS, now: app.now });

  app.post(
    '/v1/Login/ForgotPassword',
    {
      config: { public: true },
      schema: { tags: ['Login'], security: [], body: forgotPasswordRequest, response: responses(z.null()) },
    },
    async (req) => {
      const retryAfter = perClient.hit(req.ip);
      if (retryAfter) throw rateLimited(retryAfter);
      const company = await findCompanyByCode(app.db, req.body.companyCode);
      const user = company && (await findUserByUsername(app.db, company.id, req.body.username));
      if (user?.active && user.email) {
        const token = await issueResetToken(app.db, user.id, app.now());
        if (token) {
          const link = `${app.config.publicUrl}/login?reset=${encodeURIComponent(token)}`;
          app.mailer.send(resetMail(user.email, user.firstName, link));
        }
      }
      return ok(null, FORGOT_SENT);
    },
  );

  app.post(
    '/v1/Login/ResetPassword',
    {
      config: { public: true },
      schema: { tags: ['Login'], security: [], body: resetPasswordRequest, response: responses(z.null()) },
    },
    async (req) => {
      const done = await resetPassword(app.db, req.body.token, req.body.newPassword, app.now());
      if (!done) throw new ApiError(400, STATUS.invalidResetToken, INVALID_RESET_TOKEN);
      return ok(null, 'Password is successfully changed');
    },
  );

  app.post(
    '/v2/Login/ChangePassword',
    { schema: { tags: ['Login'], body: changePasswordRequest, response: responses(z.null()) } },
    async (req) => {
      const auth = requireAuth(req);
      const now = app.now();
      const user = await findUser(app.db, auth.userId);
      if (!user) throw new ApiError(401, STATUS.unauthorized, 'Please sign in again.');
      // A stolen session must not be a way to guess the password: after five wrong current
      // passwords in 15 minutes the next attempt is refused unchecked and ends this session.
      const wait = wrongCurrentPasswords.waitFor(user.id);
      if (wait) {
        await revokeSession(app.db, auth.sessionId, now);
        req.log.warn({ userId: user.id }, 'session ended after wrong current passwords');
        throw rateLimited(wait);
      }
      if (!(await verifyPassword(user.passwordHash, req.body.currentPassword))) {
        wrongCurrentPasswords.hit(user.id);
        throw new ApiError(400, STATUS.wrongPassword, WRONG_CURRENT_PASSWORD, {
          fields: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }],
        });
      }
      const passwordHash = await hashPassword(req.body.newPassword);
      await app.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
      // Other devices signed in with the old password are signed out; this one stays.
      await revokeUserSessions(app.db, user.id, now, auth.sessionId);
      return ok(null, 'Password is successfully changed');
    },
  );
};
