import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STATUS } from '#contract/envelope.ts';
import { AREAS, can, type Permissions } from '#contract/permissions.ts';
import {
  DASHBOARD_TOP,
  dashboardAnswer,
  dashboardRequest,
  REPORT_NAMES,
  REPORTS,
  type ReportName,
  reportAnswer,
  reportRequestOf,
} from '#contract/reports.ts';
import { forbidden } from '../lib/api-error.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { dashboard, REPORT_SERVICES } from '../services/reports/index.ts';

const FORBIDDEN = 'Your role does not allow this. Ask an administrator for access.';

/**
 * Who reads a report: its area's read right; the always-permitted one (spec section 6) anyone
 * whose role opens some area of the console. A role with every area off is a learner of the
 * mobile app only, and reads no one's course states.
 */
export function mayRead(p: Permissions, area: (typeof REPORTS)[ReportName]['area']) {
  return area === 'always' ? AREAS.some((a) => p.areas[a].flag) : can(p, area, 'read');
}

/**
 * The reports of /report/* and the dashboard (issue 12): POST /api/v1/Report/{name}, computed by
 * SQL for the caller's company. Token and company are checked by the API's hooks, the area here
 * before the body is validated (a caller without the right learns nothing about the request).
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const name of REPORT_NAMES) {
    const def = REPORTS[name];
    const service = REPORT_SERVICES[name] as (typeof REPORT_SERVICES)['UserActivity'];
    app.post(
      `/v1/Report/${name}`,
      {
        preValidation: async (req) => {
          if (!mayRead(requireAuth(req).permissions, def.area)) throw forbidden(FORBIDDEN);
        },
        schema: {
          tags: ['Report'],
          summary: `The ${def.path} report: one page of rows, their number and totals`,
          description:
            `Filters: ${def.filters.join(', ')} (any other filter field is refused, naming it). ` +
            `Sortable by ${def.sortable.join(', ')}; default ${def.defaultSort.field} ${def.defaultSort.order}, ` +
            'ties broken by the row key. A range needs from, to and timeZone together (days in that zone); ' +
            `without one the report covers all time. \`totals\`: ${def.totals.join(', ') || 'none'}, summed ` +
            'over every matching row. ' +
            (def.area === 'always'
              ? 'Readable by every role that opens some area of the console'
              : `Needs read access to the ${def.area} area`) +
            ` (403, status ${STATUS.forbidden}); a wrong request is a 422 (status ${STATUS.validation}).`,
          body: reportRequestOf(name),
          response: responses(reportAnswer(def.row)),
        },
      },
      async (req) => {
        const { companyId, userId } = requireAuth(req);
        return ok(await service(app.db, { companyId, userId }, req.body, app.now()));
      },
    );
  }

  app.post(
    '/v1/Report/Dashboard',
    {
      preValidation: async (req) => {
        if (!can(requireAuth(req).permissions, 'dashboard', 'read')) throw forbidden(FORBIDDEN);
      },
      schema: {
        tags: ['Report'],
        summary: 'Every widget of the dashboard over one range of days',
        description:
          'Users (all, active, inactive), views in the range, views per local day (zero days included), ' +
          `the ${DASHBOARD_TOP} busiest days, top contents, users, courses and departments, and the learner-course ` +
          'pairs per state of the courses running in the range. Needs read access to the dashboard area ' +
          `(403, status ${STATUS.forbidden}).`,
        body: dashboardRequest,
        response: responses(dashboardAnswer),
      },
    },
    async (req) => {
      const { companyId, userId } = requireAuth(req);
      return ok(await dashboard(app.db, { companyId, userId }, req.body, app.now()));
    },
  );
};
