import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Action, type Area, can, type Permissions } from '#contract/permissions.ts';
import { forbidden, unauthorized } from '../lib/api-error.ts';
import { refuseDuringMaintenance } from '../services/maintenance.ts';
import { findSession } from '../services/sessions.ts';

export type AuthContext = {
  sessionId: string;
  userId: string;
  companyId: string;
  token: string;
  expiresAt: Date;
  /** The role's flags as they were when this request began. */
  permissions: Permissions;
  /** The version of the route's `recordsVersionOf` resource, read with the session (sessions.ts). */
  recordsVersion?: number;
};
type Guard = (req: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest/preHandler: a live bearer session, and no maintenance for its company. */
    authenticate: Guard;
    /** preHandler: every userID/companyID the request names is the caller's own. */
    tenantGuard: Guard;
    requirePermission: (area: Area, action?: Action | 'view') => Guard;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** No token needed (login, maintenance message, forgot/reset password). */
    public?: boolean;
    /** Still answers while the company is under maintenance (logout). */
    duringMaintenance?: boolean;
    /**
     * The body is a record, whose `userId` names another user of the company (an enrolment's
     * learner), not the caller: the tenant guard checks only the query, and the resource's rules
     * check that such a user is a live user of the caller's company.
     */
    recordBody?: boolean;
    /**
     * A List of this resource, kept in `records`: the session's query also reads the resource's
     * version (services/sessions.ts findSession), so the List asks the database once.
     */
    recordsVersionOf?: string;
  }
}

export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/** Refuses ids that are not the caller's own: one company never sees another's data. */
export function assertSelf(req: FastifyRequest, ids: { userId?: unknown; companyId?: unknown }) {
  const auth = requireAuth(req);
  const wrongUser = ids.userId !== undefined && String(ids.userId) !== auth.userId;
  const wrongCompany = ids.companyId !== undefined && String(ids.companyId) !== auth.companyId;
  if (wrongUser || wrongCompany) throw forbidden('You can only access your own account and company.');
}

/** Values of top-level keys spelled `name` in any case (userID, userId, UserID…). */
function idsIn(source: unknown, name: 'userid' | 'companyid') {
  if (!source || typeof source !== 'object' || Array.isArray(source) || ArrayBuffer.isView(source)) return [];
  return Object.entries(source)
    .filter(([k, v]) => k.toLowerCase() === name && v !== undefined)
    .map(([, v]) => v);
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);

  app.decorate('authenticate', async (req: FastifyRequest) => {
    if (req.auth) return;
    const header = req.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token || token.length > 200) throw unauthorized();
    const session = await findSession(app.db, token, app.now(), req.routeOptions.config.recordsVersionOf);
    if (!session) throw unauthorized();
    const { maintenance, ...auth } = session;
    req.auth = { ...auth, token };
    if (req.routeOptions.config.duringMaintenance) return;
    refuseDuringMaintenance(maintenance);
  });

  app.decorate('tenantGuard', async (req: FastifyRequest) => {
    const sources = req.routeOptions.config.recordBody ? [req.query] : [req.query, req.body];
    for (const source of sources) {
      for (const userId of idsIn(source, 'userid')) assertSelf(req, { userId });
      for (const companyId of idsIn(source, 'companyid')) assertSelf(req, { companyId });
    }
  });

  app.decorate(
    'requirePermission',
    (area: Area, action: Action | 'view' = 'read') =>
      async (req: FastifyRequest) => {
        const auth = requireAuth(req);
        if (!can(auth.permissions, area, action)) {
          throw forbidden('Your role does not allow this. Ask an administrator for access.');
        }
      },
  );
});
