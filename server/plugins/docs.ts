import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI from the same zod schemas that validate the routes; the UI at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Learning Admin Console API',
        description:
          'Every answer is `{ status, message, data }`; status 0 is success, other statuses are listed in ' +
          'contract/envelope.ts. Authenticated calls take `Authorization: Bearer <token>` from Login/Login.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
