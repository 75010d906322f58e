import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteRequest } from '#contract/delete-request.ts';
import { RESOURCE_NAMES, RESOURCES } from '#contract/registry.ts';
import { idRequest, listRequest, type ResourceDef } from '#contract/resource.ts';
import { notFound } from '../lib/api-error.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { idempotencyHeaders, once } from '../resources/idempotency.ts';
import { ListCache } from '../resources/list-cache.ts';
import { applyOp, type Op } from '../resources/operations.ts';
import { toListQuery, toRecord } from '../resources/record-shape.ts';
import { ensurePrepared, recordsRepository } from '../resources/records-repository.ts';
import { repositoryFor } from '../resources/repository.ts';

/** List, Get, Create, Update, Delete of every registry resource: company scoped, permission checked. */
export const resourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const lists = new ListCache();
  for (const name of RESOURCE_NAMES) {
    const def = RESOURCES[name] as unknown as ResourceDef;
    const base = `/v1/${name}`;
    const tags = [name];
    const scopeOf = (req: Parameters<typeof requireAuth>[0]) => {
      const { companyId, userId } = requireAuth(req);
      return {
        companyId,
        userId,
        resource: name,
        serialWrites: app.dbDriver === 'pglite',
        ip: req.ip,
        now: app.now(),
      };
    };
    const page = z.object({
      items: z.array(def.record),
      total: z.number().int(),
      page: z.number().int(),
      per_page: z.number().int(),
    });

    app.post(
      `${base}/List`,
      {
        preValidation: app.requirePermission(def.area, 'read'),
        // On PostgreSQL the session's query reads the version too (plugins/auth.ts); PGlite reads
        // it by EXECUTE, which spares planning a statement over records' 30 indexes.
        config:
          app.dbDriver === 'postgres' && repositoryFor(name) === recordsRepository
            ? { recordsVersionOf: name }
            : {},
        schema: { tags, body: listRequest, response: responses(page) },
      },
      async (req, reply) => {
        const query = toListQuery(def, req.body);
        const prepared = app.dbDriver === 'pglite' && (await ensurePrepared(app.db));
        const scope = { ...scopeOf(req), prepared };
        const repository = repositoryFor(name);
        const version = requireAuth(req).recordsVersion ?? (await repository.version?.(app.db, scope));
        const key = `${scope.companyId}\n${name}\n${JSON.stringify(query)}`;
        const kept = version === undefined ? undefined : lists.get(key, version);
        // Already serialized (and checked by the response schema) when it was kept.
        if (kept) return reply.type('application/json; charset=utf-8').send(kept as never);
        const { rows, total } = await repository.list(app.db, scope, query);
        const answer = ok({ items: rows.map(toRecord), total, page: query.page, per_page: query.per_page });
        if (version === undefined) return answer;
        const body = Buffer.from(String(reply.serialize(answer)));
        lists.set(key, version, body);
        return reply.type('application/json; charset=utf-8').send(body as never);
      },
    );

    app.post(
      `${base}/Get`,
      {
        preValidation: app.requirePermission(def.area, 'read'),
        schema: { tags, body: idRequest, response: responses(def.record) },
      },
      async (req) => {
        const row = await repositoryFor(name).find(app.db, scopeOf(req), req.body.id);
        if (!row || row.deletedAt) throw notFound('This record does not exist or was deleted.');
        return ok(toRecord(row));
      },
    );

    const write = (op: Op, body: z.ZodType) =>
      app.post(
        `${base}/${op.charAt(0).toUpperCase()}${op.slice(1)}`,
        {
          preValidation: app.requirePermission(def.area, op),
          config: { recordBody: true },
          schema: { tags, headers: idempotencyHeaders, body, response: responses(def.record) },
        },
        async (req, reply) => {
          const scope = scopeOf(req);
          const keyId = req.headers['idempotency-key'];
          const key = keyId ? { companyId: scope.companyId, id: keyId, resource: name } : null;
          const { httpStatus, ...answer } = await once(app.db, key, (tx) =>
            applyOp(tx, scope, def, op, req.body),
          );
          if (httpStatus < 300) app.tableStatistics.wrote(repositoryFor(name).table, 1);
          return reply.code(httpStatus).send(answer as never);
        },
      );
    write('create', def.create);
    write('update', def.update);
    write('delete', deleteRequest);
  }
};
