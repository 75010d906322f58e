import { existsSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STATUS } from '#contract/envelope.ts';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

function cacheControl(path: string) {
  if (NO_CACHE.has(basename(path))) return 'no-cache';
  // Vite content-hashes every file under assets/, so a changed file always has a new name.
  if (path.startsWith(`assets${sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=0, must-revalidate';
}

/** A page route of the console: a GET for HTML, outside the API and files, with no extension. */
function isPageRequest(req: FastifyRequest) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?')[0];
  if (/^\/(api|files|assets)(\/|$)/.test(path)) return false;
  if (/\.[^/]*$/.test(path)) return false;
  return (req.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built console when `distDir` holds one, with the SPA fallback to index.html for
 * page routes. A missing asset is a real 404, never index.html (a cached HTML page served as a
 * script breaks the app until the cache is cleared).
 */
export const staticConsolePlugin = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
  const hasConsole = existsSync(join(opts.distDir, 'index.html'));
  if (hasConsole) {
    const { default: fastifyStatic } = await import('@fastify/static');
    await app.register(fastifyStatic, {
      root: opts.distDir,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('Cache-Control', cacheControl(relative(opts.distDir, path))),
    });
  }
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    if (hasConsole && isPageRequest(req)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    if (!hasConsole && isPageRequest(req)) {
      const message = 'The console is not built yet: run `npm run build` (or `npm start`), then reload.';
      return reply.code(404).send({ status: STATUS.notFound, message, data: null });
    }
    const path = req.url.split('?')[0].slice(0, 200);
    return reply
      .code(404)
      .send({ status: STATUS.notFound, message: `Not found: ${req.method} ${path}`, data: null });
  });
});
