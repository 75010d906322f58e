import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { authPlugin } from './plugins/auth.ts';
import { backupPlugin } from './plugins/backup.ts';
import { certificateMailPlugin } from './plugins/certificate-mail.ts';
import { dbPlugin } from './plugins/db.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { fileStorePlugin } from './plugins/file-store.ts';
import { fileUrlsPlugin } from './plugins/file-urls.ts';
import { mailerPlugin } from './plugins/mailer.ts';
import { notificationsPlugin } from './plugins/notifications.ts';
import { pgliteHousekeepingPlugin } from './plugins/pglite-housekeeping.ts';
import { retentionPlugin } from './plugins/retention.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { seedPlugin } from './plugins/seed.ts';
import { staticConsolePlugin } from './plugins/static-console.ts';
import { tusSweeperPlugin } from './plugins/tus-sweeper.ts';
import { certificateVerifyRoutes } from './routes/certificate-verify.ts';
import { deepLinkOpenRoutes } from './routes/deep-link-open.ts';
import { fileServeRoutes } from './routes/file-serve.ts';
import { apiRoutes } from './routes/index.ts';

export type BuildOptions = {
  config: Config;
  /** The clock of every expiry and lockout; tests move it forward. */
  now?: () => Date;
  /** 'silent' unless given (tests); main uses 'info'. */
  logLevel?: string;
  /** Fill an empty database with the demo companies; defaults to "not in production". */
  seed?: boolean;
  /** An already opened database (tests on PostgreSQL); otherwise opened from `config`. */
  database?: Database;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    now: () => Date;
    /** Every route as registered (method, full URL, config): the security tests walk it. */
    routeTable: RouteEntry[];
  }
}

export type RouteEntry = { method: string; url: string; config: Record<string, unknown> };

/** Strips the reset token and file signatures from logged URLs (`/login?reset=...`, `?sig=...`). */
const redactUrl = (url: string) => url.replace(/([?&](reset|token|sig)=)[^&]*/gi, '$1[redacted]');

export async function buildApp(opts: BuildOptions) {
  const { config } = opts;
  const app = Fastify({
    logger: {
      level: opts.logLevel ?? 'silent',
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword', '*.token'],
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    bodyLimit: 1024 * 1024,
    // A first start creates, migrates and seeds the database: on a slow disk or a busy CPU
    // that passes Fastify's 10 s plugin default.
    pluginTimeout: 120_000,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('now', opts.now ?? (() => new Date()));
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      routeTable.push({ method, url: r.url, config: (r.config ?? {}) as Record<string, unknown> });
    }
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(docsPlugin);
  await app.register(dbPlugin, { database: opts.database });
  await app.register(fileStorePlugin);
  await app.register(fileUrlsPlugin);
  await app.register(seedPlugin, { seed: opts.seed ?? config.nodeEnv !== 'production' });
  await app.register(mailerPlugin);
  await app.register(notificationsPlugin);
  await app.register(certificateMailPlugin);
  await app.register(authPlugin);
  await app.register(tusSweeperPlugin);
  await app.register(retentionPlugin);
  await app.register(pgliteHousekeepingPlugin);
  await app.register(backupPlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(fileServeRoutes);
  await app.register(deepLinkOpenRoutes);
  await app.register(certificateVerifyRoutes);
  await app.register(staticConsolePlugin, { distDir: config.distDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
