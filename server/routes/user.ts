import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateLanguageRequest } from '#contract/auth.ts';
import {
  getUserProfileQuery,
  type UserProfile,
  updateUserProfileRequest,
  userProfile,
} from '#contract/profile.ts';
import { users } from '../db/schema.ts';
import { notFound } from '../lib/api-error.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { findUser } from '../services/accounts.ts';

const toProfile = (u: typeof users.$inferSelect): UserProfile => ({
  userID: u.id,
  employeeID: u.employeeId,
  prefix: u.prefix,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  gender: u.gender,
  profileImage: u.profileImage,
});

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
      return ok(toProfile(user));
    },
  );

  app.post(
    '/v1/User/UpdateUserProfileWeb',
    { schema: { tags: ['User'], body: profileUpdate, response: responses(userProfile) } },
    async (req) => {
      const { prefix, firstName, lastName, email, gender, profileImage } = req.body;
      const [user] = await app.db
        .update(users)
        .set({
          prefix,
          firstName,
          lastName,
          email,
          gender,
          profileImage,
          updatedAt: app.now(),
          // The admin's User list syncs this change too.
          rev: sql`${users.rev} + 1`,
          seq: sql`nextval('records_seq')`,
        })
        .where(eq(users.id, requireAuth(req).userId))
        .returning();
      if (!user) throw notFound('User not found.');
      return ok(toProfile(user), 'Update Profile is successful.');
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
};
