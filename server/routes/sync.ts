import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PULL_NEXT_HEADER, pullRequest, pullResponse, pushRequest, pushResponse } from '#contract/sync.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { repositoryFor } from '../resources/repository.ts';
import { pullChanges } from '../resources/sync-pull.ts';
import { pushMutations } from '../resources/sync-push.ts';

const PUSH_BODY_LIMIT = 16 * 1024 * 1024;

/** Sync v6: pull changes per resource since a cursor; push a batch of mutations in order. */
export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = async (req: Parameters<typeof requireAuth>[0]) => {
    const { companyId, userId, permissions } = requireAuth(req);
    return {
      companyId,
      userId,
      permissions,
      serialWrites: app.dbDriver === 'pglite',
      prepared: app.dbDriver === 'pglite',
      ip: req.ip,
      now: app.now(),
    };
  };

  app.post(
    '/v6/Sync/Pull',
    {
      schema: { tags: ['Sync'], body: pullRequest, response: responses(pullResponse) },
      // The answer is built here from stored rows (toRecord), so it has the schema's shape: written
      // as it is, not copied row by row through zod first (a first sync answers thousands of rows).
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req, reply) => {
      const { cursors, limit } = req.body;
      const changes = await pullChanges(app.db, await caller(req), cursors, limit);
      const more = Object.entries(changes).filter(([, c]) => c.more);
      if (more.length)
        reply.header(
          PULL_NEXT_HEADER,
          JSON.stringify(Object.fromEntries(more.map(([r, c]) => [r, c.cursor]))),
        );
      return ok({ changes });
    },
  );

  app.post(
    '/v6/Sync/Push',
    {
      bodyLimit: PUSH_BODY_LIMIT,
      schema: { tags: ['Sync'], body: pushRequest, response: responses(pushResponse) },
    },
    async (req) => {
      const { mutations } = req.body;
      const results = await pushMutations(app.db, await caller(req), mutations, req.log);
      const written = new Map<string, number>();
      mutations.forEach((m, i) => {
        if (results[i]!.httpStatus >= 300) return;
        const { table } = repositoryFor(m.resource);
        written.set(table, (written.get(table) ?? 0) + 1);
      });
      for (const [table, rows] of written) app.tableStatistics.wrote(table, rows);
      return ok({ results });
    },
  );
};
