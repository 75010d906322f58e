import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STATUS } from '#contract/envelope.ts';
import { MAX_VIEW_SECONDS, recordViewRequest, viewEvent } from '#contract/learner.ts';
import { responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { idempotencyHeaders, once } from '../resources/idempotency.ts';
import { recordView } from '../services/view-events.ts';

/**
 * Calls of the learner app (not part of this project). Self-service: any signed-in user of the
 * company, for itself; the data drives the reports.
 */
export const learnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Learner'];
  app.post(
    '/v1/Learner/RecordView',
    {
      schema: {
        tags,
        summary: 'Record that the signed-in learner viewed an article, sound or video',
        description:
          'Called by the learner app when a viewer closes (or periodically for a long view), with the ' +
          "learner's own token. Stores one view event: who (the token's user), what (`contentId`), when " +
          `(the server's clock) and how long (\`seconds\`, 0 to ${MAX_VIEW_SECONDS}). The content must be ` +
          "a live Article, Sound or Video of the learner's company, otherwise 404 (status " +
          `${STATUS.notFound}). Bad input is a 422 (status ${STATUS.validation}). Send an ` +
          '`Idempotency-Key` (a uuid) so that a retried call counts once: the retry gets the first answer.',
        headers: idempotencyHeaders,
        body: recordViewRequest,
        response: responses(viewEvent),
      },
    },
    async (req, reply) => {
      const { companyId, userId } = requireAuth(req);
      const keyId = req.headers['idempotency-key'];
      const key = keyId ? { companyId, id: keyId, resource: 'Learner/RecordView' } : null;
      const { httpStatus, ...answer } = await once(app.db, key, async (tx) => ({
        httpStatus: 200,
        status: STATUS.ok,
        message: 'View recorded.',
        data: await recordView(tx, { companyId, userId, ...req.body, viewedAt: app.now() }),
      }));
      return reply.code(httpStatus).send(answer as never);
    },
  );
};
