import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateLanguageRequest } from '#contract/auth.ts';
import { EMAIL_CHANGE_TTL_HOURS } from '#contract/constants.ts';
import { STATUS } from '#contract/envelope.ts';
import {
  confirmEmailRequest,
  EMAIL_CONFIRMED,
  EMAIL_LINK_INVALID,
  getUserProfileQuery,
  type UserProfile,
  updateUserProfileRequest,
  userProfile,
} from '#contract/profile.ts';
import { users } from '../db/schema.ts';
import { ApiError, notFound, rateLimited } from '../lib/api-error.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { findUser } from '../services/accounts.ts';
import { confirmEmailChange, pendingEmailOf, requestEmailChange } from '../services/email-change.ts';

const toProfile = (u: typeof users.$inferSelect, pendingEmail: string | null): UserProfile => ({
  userID: u.id,
  employeeID: u.employeeId,
  prefix: u.prefix,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  gender: u.gender,
  profileImage: u.profileImage,
  pendingEmail,
});

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function confirmMail(to: string, name: string, link: string) {
  const text = [
    `Hello ${name},`,
    '',
    'You asked to use this address for your Learning Admin Console account.',
    `Open this link within ${EMAIL_CHANGE_TTL_HOURS} hours to confirm it (it works once):`,
    '',
    link,
    '',
    'Until then your account keeps its current address. If you did not ask for this, ignore this e-mail.',
  ].join('\n');
  return { to, subject: 'Confirm your new e-mail address', text };
}

function noticeMail(to: string, name: string, newEmail: string) {
  const text = [
    `Hello ${name},`,
    '',
    `Someone signed in to your Learning Admin Console account asked to change its e-mail address to ${newEmail}.`,
    'The change happens only if the link sent to that address is opened.',
    '',
    'If this was not you, change your password now and tell your administrator.',
  ].join('\n');
  return { to, subject: 'Your e-mail address is about to change', text };
}

// A profile image is one of our uploads or an http(s) URL: never javascript: or data: payloads.
const profileUpdate = updateUserProfileRequest.refine(
  (b) => b.profileImage === null || /^(\/files\/|https?:\/\/)/.test(b.profileImage),
  {
    path: ['profileImage'],
    message: 'Profile image must be an uploaded file URL (/files/...) or an http(s) URL',
  },
);

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec calls the answer a "data list of profile fields": it is one object of those fields.
  app.get(
    '/v1/User/GetUserProfileWeb',
    { schema: { tags: ['User'], querystring: getUserProfileQuery, response: responses(userProfile) } },
    async (req) => {
      const user = await findUser(app.db, requireAuth(req).userId);
      if (!user) throw notFound('User not found.');
      return ok(toProfile(user, await pendingEmailOf(app.db, user.id, app.now())));
    },
  );

  app.post(
    '/v1/User/UpdateUserProfileWeb',
    { schema: { tags: ['User'], body: profileUpdate, response: responses(userProfile) } },
    async (req) => {
      const { prefix, firstName, lastName, email, gender, profileImage } = req.body;
      const now = app.now();
      const current = await findUser(app.db, requireAuth(req).userId);
      if (!current || current.deletedAt) throw notFound('User not found.');
      // A new address is used only once the link mailed to it is opened; the old one is told.
      const newEmail = sameAddress(email, current.email) ? null : email.trim();
      if (newEmail) {
        const token = await requestEmailChange(app.db, current.id, newEmail, now);
        if (!token) throw rateLimited(3600);
        const link = `${app.config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
        app.mailer.send(confirmMail(newEmail, firstName, link));
        if (current.email) app.mailer.send(noticeMail(current.email, firstName, newEmail));
      }
      const [user] = await app.db
        .update(users)
        .set({
          prefix,
          firstName,
          lastName,
          gender,
          profileImage,
          updatedAt: now,
          // The admin's User list syncs this change too.
          rev: sql`${users.rev} + 1`,
          seq: sql`nextval('records_seq')`,
        })
        .where(eq(users.id, current.id))
        .returning();
      if (!user) throw notFound('User not found.');
      return ok(toProfile(user, await pendingEmailOf(app.db, user.id, now)), 'Update Profile is successful.');
    },
  );

  app.post(
    '/v1/User/UpdateLanguage',
    { schema: { tags: ['User'], body: updateLanguageRequest, response: responses(z.null()) } },
    async (req) => {
      await app.db
        .update(users)
        .set({ language: req.body.language, updatedAt: app.now() })
        .where(eq(users.id, requireAuth(req).userId));
      return ok(null);
    },
  );

  app.post(
    '/v1/User/ConfirmEmail',
    {
      config: { public: true },
      schema: {
        tags: ['User'],
        security: [],
        summary: 'Confirm a new e-mail address with the link mailed to it',
        body: confirmEmailRequest,
        response: responses(z.null()),
      },
    },
    async (req) => {
      if (!(await confirmEmailChange(app.db, req.body.token, app.now())))
        throw new ApiError(400, STATUS.validation, EMAIL_LINK_INVALID);
      return ok(null, EMAIL_CONFIRMED);
    },
  );
};
