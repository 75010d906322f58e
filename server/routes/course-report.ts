import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STATUS } from '#contract/envelope.ts';
import { courseReport, courseReportRequest } from '#contract/learner-courses.ts';
import { can } from '#contract/permissions.ts';
import { forbidden } from '../lib/api-error.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { courseReport as buildReport } from '../services/course-report.ts';

/**
 * The course report, a static route beside the generic `/v1/Course/{List,Get,...}` ones. Readers:
 * the `course` area (the course's own pages) or the `assignmentReport` area (the report menu).
 */
export const courseReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/Course/Report',
    {
      preValidation: async (req) => {
        const { permissions } = requireAuth(req);
        if (!can(permissions, 'course', 'read') && !can(permissions, 'assignmentReport', 'read'))
          throw forbidden('Your role does not allow this. Ask an administrator for access.');
      },
      schema: {
        tags: ['Course'],
        summary: "A course's learners with their state, videos completed and test results",
        description:
          'One row per learner who takes the course, and per learner who made progress while they took ' +
          'it (`assigned: false`). State rules: docs/course-progress.md. `totals` counts every state over ' +
          'the whole course; `state` and `search` (employee ID, name, department) filter the rows. Needs ' +
          `read access to the course or assignment report area (403, status ${STATUS.forbidden}); a course ` +
          `of another company is a 404 (status ${STATUS.notFound}).`,
        body: courseReportRequest,
        response: responses(courseReport),
      },
    },
    async (req) => {
      const { companyId, userId } = requireAuth(req);
      return ok(await buildReport(app.db, { companyId, userId }, req.body, app.now()));
    },
  );
};
