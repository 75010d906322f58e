import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkPermissionByUserIdData,
  checkPermissionByUserIdQuery,
  checkPermissionRequest,
} from '#contract/auth.ts';
import { STATUS } from '#contract/envelope.ts';
import { ACTIONS, type Action, AREAS, type Area, can, permissionsSchema } from '#contract/permissions.ts';
import { ApiError } from '../lib/api-error.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { getUserPermissions } from '../services/sessions.ts';

/** "<area>" (may the user see it) or "<area>.<action>" with action create|read|update|delete|view. */
function parsePermissionId(id: string): { area: Area; action: Action | 'view' } {
  const [area, action = 'view', ...rest] = id.split('.');
  const knownArea = (AREAS as readonly string[]).includes(area);
  const knownAction = action === 'view' || (ACTIONS as readonly string[]).includes(action);
  if (!knownArea || !knownAction || rest.length) {
    const message = `Unknown permission "${id.slice(0, 100)}": use "<area>" or "<area>.<create|read|update|delete|view>"`;
    throw new ApiError(422, STATUS.validation, `Please correct the request: permissionid: ${message}.`, {
      fields: [{ path: 'permissionid', message }],
    });
  }
  return { area: area as Area, action: action as Action | 'view' };
}

export const employeeExtRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/EmployeeEXT/CheckPermissionWeb',
    {
      schema: { tags: ['EmployeeEXT'], body: checkPermissionRequest, response: responses(permissionsSchema) },
    },
    async (req) => ok(await getUserPermissions(app.db, requireAuth(req).userId)),
  );

  app.get(
    '/v1/EmployeeEXT/CheckPermissionByUserID',
    {
      schema: {
        tags: ['EmployeeEXT'],
        querystring: checkPermissionByUserIdQuery,
        response: responses(checkPermissionByUserIdData),
      },
    },
    async (req) => {
      const { area, action } = parsePermissionId(req.query.permissionid);
      const permissions = await getUserPermissions(app.db, requireAuth(req).userId);
      return ok({ permissionid: req.query.permissionid, allowed: can(permissions, area, action) });
    },
  );
};
