import { join, resolve } from 'node:path';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; when unset the embedded PGlite in `pgliteDir` is used. */
  databaseUrl: string | undefined;
  /** A folder, or `memory://` for a throw-away database (tests). */
  pgliteDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  nodeEnv: string;
  filesDir: string;
  mailDir: string;
  /** The built console; served when the folder exists. */
  distDir: string;
  /** Behind a reverse proxy: trust its X-Forwarded-For so rate limits see the real client. */
  trustProxy: boolean;
};

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: join(dataDir, 'pglite'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Learning Admin Console <no-reply@localhost>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    nodeEnv: env.NODE_ENV ?? 'development',
    filesDir: join(dataDir, 'files'),
    mailDir: join(dataDir, 'mail'),
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
  };
}
