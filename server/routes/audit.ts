import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListRequest, auditPage } from '#contract/audit.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { listAudit } from '../services/audit-log.ts';

/**
 * The activity log of the caller's company, for administrators (user management). Read only: the
 * log is written by the server beside each change and there is no route to change or delete it.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/AuditLog/List',
    {
      preValidation: app.requirePermission('userManagement', 'read'),
      schema: {
        tags: ['AuditLog'],
        summary: "A page of the company's activity log, newest first",
        description:
          'Every create, update and delete through the API and Sync Push (with the fields changed, from ' +
          'what to what), permission changes, user deactivations, sign-ins and failed sign-ins: who, ' +
          'when, from which address. Filters by time, action, resource, actor and text.',
        body: auditListRequest,
        response: responses(auditPage),
      },
    },
    async (req) => ok(await listAudit(app.db, requireAuth(req).companyId, req.body)),
  );
};
