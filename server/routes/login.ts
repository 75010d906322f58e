import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRequest, sessionData } from '#contract/auth.ts';
import { STATUS } from '#contract/envelope.ts';
import { ApiError, rateLimited } from '../lib/api-error.ts';
import { ok, responses } from '../lib/envelope.ts';
import { verifyAgainstDummy, verifyPassword } from '../lib/passwords.ts';
import { createRateLimiter } from '../lib/rate-limit.ts';
import { requireAuth } from '../plugins/auth.ts';
import { findCompanyByCode, findUserByUsername } from '../services/accounts.ts';
import { appendAudit } from '../services/audit-log.ts';
import { attemptKey, beginAttempt, clearAttempts, failAttempt, locked } from '../services/lockout.ts';
import { assertNotUnderMaintenance } from '../services/maintenance.ts';
import { buildSessionData, createSession, revokeSession } from '../services/sessions.ts';

export const INVALID_CREDENTIALS = 'Sorry, your account or password is incorrect. Please try again.';

const invalidCredentials = () => new ApiError(401, STATUS.invalidCredentials, INVALID_CREDENTIALS);

/** Failed sign-ins one address may make per window, across all accounts (password spraying). */
export const IP_FAILURES = { max: 50, windowMs: 15 * 60_000 };

export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per account, the lockout stops guessing one password; per address, this stops trying one
  // password on many accounts. Generous, as a whole factory may sign in from one NAT address.
  const failuresPerIp = createRateLimiter({ ...IP_FAILURES, now: app.now });
  app.post(
    '/v1/Login/Login',
    {
      config: { public: true },
      schema: { tags: ['Login'], security: [], body: loginRequest, response: responses(sessionData) },
    },
    async (req) => {
      const { companyCode, username, password, remember } = req.body;
      const now = app.now();
      const company = await findCompanyByCode(app.db, companyCode);
      await assertNotUnderMaintenance(app.db, company?.id);
      const wait = failuresPerIp.waitFor(req.ip);
      if (wait) throw rateLimited(wait);
      const key = attemptKey(companyCode, username);
      const attempt = await beginAttempt(app.db, key, now);
      if (attempt.lockedUntil) throw locked(attempt.lockedUntil);
      if (attempt.busy) throw rateLimited(1);

      const user = company ? await findUserByUsername(app.db, company.id, username) : undefined;
      // An inactive account gets the same answer as a wrong password: nothing tells which accounts exist.
      const valid = user
        ? (await verifyPassword(user.passwordHash, password)) && user.active
        : await verifyAgainstDummy(password);
      if (!user || !valid) {
        failuresPerIp.hit(req.ip);
        // Logged for the company named (an unknown company has no log); never the password tried.
        if (company)
          await appendAudit(app.db, {
            companyId: company.id,
            at: now,
            actorId: user?.id ?? null,
            action: 'signInFailed',
            resource: 'User',
            recordId: user?.id ?? null,
            label: username.trim().slice(0, 100),
            ip: req.ip,
          });
        const lockedUntil = await failAttempt(app.db, key, attempt.failures, now);
        throw lockedUntil ? locked(lockedUntil) : invalidCredentials();
      }
      await clearAttempts(app.db, key);
      const session = await createSession(app.db, user, remember, now);
      await appendAudit(app.db, {
        companyId: user.companyId,
        at: now,
        actorId: user.id,
        action: 'signIn',
        resource: 'User',
        recordId: user.id,
        label: user.username,
        ip: req.ip,
      });
      req.log.info({ userId: user.id, companyId: user.companyId }, 'signed in');
      return ok(await buildSessionData(app.db, user.id, session), 'Signed in.');
    },
  );

  app.post(
    '/v1/Login/Logout',
    {
      config: { duringMaintenance: true },
      schema: { tags: ['Login'], response: responses(z.null()) },
    },
    async (req) => {
      const auth = requireAuth(req);
      await revokeSession(app.db, auth.sessionId, app.now());
      return ok(null, 'Signed out.');
    },
  );

  app.get(
    '/v1/Login/Session',
    { schema: { tags: ['Login'], response: responses(sessionData) } },
    async (req) => {
      const auth = requireAuth(req);
      return ok(await buildSessionData(app.db, auth.userId, auth));
    },
  );
};
