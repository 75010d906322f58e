import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deepLinkPath } from '#contract/resources/deep-link.ts';
import { openPage, pageLocale, problemPage } from '../lib/deep-link-page.ts';
import { countClicks, findLink } from '../services/deep-links.ts';

/** The learner app's own link to a record, offered by the fallback page (no LEARNER_APP_URL). */
export const learnerSchemeUrl = (kind: string, id: string) => `learner://open/${kind}/${id}`;

const params = z.object({ code: z.string().max(200).describe('The short code of the link') });

const STATUS_OF = { missing: 404, expired: 410, gone: 410 } as const;

/**
 * `GET /l/{code}`: the public opening of a deep link (no session; the code names the link and
 * so its company). Counts the click (services/deep-links.ts) and redirects.
 */
export const deepLinkOpenRoutes: FastifyPluginAsyncZod = async (app) => {
  const serialWrites = app.dbDriver === 'pglite';
  const html = (reply: import('fastify').FastifyReply, status: number, body: string) =>
    reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);

  app.get(
    '/l/:code',
    {
      config: { public: true },
      // A HEAD (link previews, checkers) must not count as an opening.
      exposeHeadRoute: false,
      schema: {
        tags: ['DeepLink'],
        security: [],
        summary: 'Open a deep link: count the click and redirect',
        description:
          'Public. Counts one click of the link and answers `302` to `{LEARNER_APP_URL}/open/{targetKind}/{targetId}` ' +
          'when the server has LEARNER_APP_URL (an app/universal link domain, so the learner app opens when it is ' +
          'installed and its web page otherwise); without it, to `/l/{code}/open`, a page that offers ' +
          '`learner://open/{targetKind}/{targetId}`. An unknown code answers `404`, an expired link or one whose ' +
          'content was deleted `410`, each with a short HTML page in the browser language. Codes ignore case.',
        params,
      },
    },
    async (req, reply) => {
      const locale = pageLocale(req.headers['accept-language']);
      const opened = await app.db.transaction(async (tx) => {
        const found = await findLink(tx, req.params.code, app.now());
        if (found.state !== 'ok') return found;
        return (await countClicks(tx, found, serialWrites)) ? found : ({ state: 'missing' } as const);
      });
      if (opened.state !== 'ok')
        return html(reply, STATUS_OF[opened.state], problemPage(locale, opened.state));
      const base = app.config.learnerAppUrl;
      const location = base
        ? `${base}/open/${opened.kind}/${opened.targetId}`
        : `${deepLinkPath(opened.code)}/open`;
      return reply.code(302).header('Cache-Control', 'no-store').header('Location', location).send();
    },
  );

  app.get(
    '/l/:code/open',
    {
      config: { public: true },
      schema: {
        tags: ['DeepLink'],
        security: [],
        summary: "A deep link's web fallback page",
        description:
          'Public HTML page (no click is counted here): what the link opens and a button to ' +
          '`learner://open/{targetKind}/{targetId}`. `404` or `410` like `/l/{code}`.',
        params,
      },
    },
    async (req, reply) => {
      const locale = pageLocale(req.headers['accept-language']);
      const found = await findLink(app.db, req.params.code, app.now());
      if (found.state !== 'ok') return html(reply, STATUS_OF[found.state], problemPage(locale, found.state));
      const appUrl = learnerSchemeUrl(found.kind, found.targetId);
      return html(reply, 200, openPage(locale, { title: found.title, kind: found.kind, appUrl }));
    },
  );
};
