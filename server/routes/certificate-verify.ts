import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageLocale } from '../lib/deep-link-page.ts';
import { verifyPage } from '../lib/verify-page.ts';
import { verifyCode } from '../services/certificates.ts';

const params = z.object({
  code: z.string().max(100).describe('The verification code printed on the certificate'),
});

/**
 * `GET /verify/{code}`: the public page of a certificate's code (the QR code on it opens it).
 * Valid: who earned what, from which company and when; revoked: the same, marked revoked (410);
 * unknown: 404. Nothing else about the learner or the company.
 */
export const certificateVerifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/verify/:code',
    {
      config: { public: true },
      schema: {
        tags: ['Certificate'],
        security: [],
        summary: "Verify a certificate's code",
        description:
          'Public. A short HTML page in the browser language: `200` for a valid certificate (learner, course, ' +
          'company, date), `410` for a revoked one, `404` for a code no certificate has. Codes ignore case.',
        params,
      },
    },
    async (req, reply) => {
      const v = await verifyCode(app.db, req.params.code);
      const status = v.state === 'valid' ? 200 : v.state === 'revoked' ? 410 : 404;
      return reply
        .code(status)
        .header('Cache-Control', 'no-store')
        .header('X-Robots-Tag', 'noindex')
        .type('text/html; charset=utf-8')
        .send(verifyPage(pageLocale(req.headers['accept-language']), v));
    },
  );
};
