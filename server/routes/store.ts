import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addToLibraryAnswer, addToLibraryRequest, storeAddition } from '#contract/resources/store-item.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { once } from '../resources/idempotency.ts';
import { additionsOf, addToLibrary } from '../services/store-items.ts';

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .uuid()
    .optional()
    .describe('A uuid; a replay with the same key returns the first answer and changes nothing.'),
});

/**
 * The content store's actions beyond reading it (List, Get and Pull are the generic ones):
 * taking an item into the library, and the items the company took.
 */
export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['StoreItem'];
  app.post(
    '/v1/StoreItem/AddToLibrary',
    {
      preValidation: [app.requirePermission('store', 'read'), app.requirePermission('library', 'create')],
      schema: {
        tags,
        summary: 'Copy a store item into a topic of the library, once',
        description:
          "Creates an Article, Sound or Video of the caller's company in `topicId` (a topic of that " +
          "company) from the store item, with copies of its files. Needs the store area's read and " +
          "the library area's create rights. A second addition of the same item answers 409 with " +
          'the first addition as data; a retry with the same Idempotency-Key answers the first answer.',
        headers: idempotencyHeaders,
        body: addToLibraryRequest,
        response: responses(addToLibraryAnswer),
      },
    },
    async (req, reply) => {
      const { companyId, userId } = requireAuth(req);
      const scope = {
        companyId,
        userId,
        serialWrites: app.dbDriver === 'pglite',
        ip: req.ip,
        now: app.now(),
      };
      const keyId = req.headers['idempotency-key'];
      const key = keyId ? { companyId, id: keyId, resource: 'StoreItem' } : null;
      const { httpStatus, ...answer } = await once(app.db, key, (tx) => addToLibrary(tx, scope, req.body));
      return reply.code(httpStatus).send(answer as never);
    },
  );

  app.post(
    '/v1/StoreItem/Additions',
    {
      preValidation: app.requirePermission('store', 'read'),
      schema: {
        tags,
        summary: "The store items the caller's company added to its library",
        response: responses(z.array(storeAddition)),
      },
    },
    async (req) => ok(await additionsOf(app.db, requireAuth(req).companyId)),
  );
};
