import { join, resolve } from 'node:path';
import { AUDIT_RETENTION_DAYS_DEFAULT } from '#contract/audit.ts';

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
  /** S3-compatible storage of uploaded files and resumable parts; unset keeps them in `filesDir`. */
  s3: S3Config | undefined;
  /**
   * Base of the learner app's links (an app/universal link domain such as https://learn.example.com,
   * or a custom scheme such as `learner:/`): `/l/{code}` redirects to `{base}/open/{kind}/{id}`.
   * Unset: to the server's own page `/l/{code}/open`, which offers `learner://open/{kind}/{id}`.
   */
  learnerAppUrl: string | undefined;
  /** Key of signed file URLs; unset: a random key kept in `dataDir` (server/lib/file-url-key.ts). */
  fileUrlSecret: string | undefined;
  /** Days the activity log is kept (AUDIT_RETENTION_DAYS, default 365). */
  auditRetentionDays: number;
  /**
   * Key of settings stored encrypted at rest (a company's LINE channel access token);
   * unset: a random key kept in `dataDir` (server/lib/secret-box.ts).
   */
  settingsSecret: string | undefined;
  /** LINE Messaging API base (LINE_API_BASE, default https://api.line.me); tests point it at a local server. */
  lineApiBase: string;
};

export type S3Config = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Path-style URLs (endpoint/bucket/key): what MinIO, Ceph, R2 and other non-AWS servers expect. */
  forcePathStyle: boolean;
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
    s3: loadS3Config(env),
    learnerAppUrl: loadLearnerAppUrl(env.LEARNER_APP_URL),
    fileUrlSecret: loadFileUrlSecret(env),
    auditRetentionDays: loadRetentionDays(env.AUDIT_RETENTION_DAYS),
    settingsSecret: loadSecret(env, 'SETTINGS_SECRET'),
    lineApiBase: loadLineApiBase(env.LINE_API_BASE),
  };
}

function loadRetentionDays(value: string | undefined): number {
  if (!value) return AUDIT_RETENTION_DAYS_DEFAULT;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1)
    throw new Error(`AUDIT_RETENTION_DAYS must be a whole number of days (1 or more), got "${value}"`);
  return days;
}

function loadLearnerAppUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!URL.canParse(value))
    throw new Error(
      `LEARNER_APP_URL must be a URL such as https://learn.example.com or learner:/, got "${value}"`,
    );
  return value.replace(/\/+$/, '');
}

export const MIN_FILE_URL_SECRET = 32;

/** A short key would make signed file URLs guessable: refuse to start with one. */
function loadFileUrlSecret(env: Env) {
  return loadSecret(env, 'FILE_URL_SECRET');
}

function loadSecret(env: Env, name: 'FILE_URL_SECRET' | 'SETTINGS_SECRET') {
  const secret = env[name] || undefined;
  if (secret !== undefined && secret.length < MIN_FILE_URL_SECRET)
    throw new Error(
      `${name} must be at least ${MIN_FILE_URL_SECRET} characters (for example \`openssl rand -base64 48\`), ` +
        `got ${secret.length}.`,
    );
  return secret;
}

function loadLineApiBase(value: string | undefined): string {
  if (!value) return 'https://api.line.me';
  if (!URL.canParse(value))
    throw new Error(`LINE_API_BASE must be a URL such as https://api.line.me, got "${value}"`);
  return value.replace(/\/+$/, '');
}

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** All four variables or none: half a configuration would silently keep files on local disk. */
function loadS3Config(env: Env): S3Config | undefined {
  const missing = S3_REQUIRED.filter((name) => !env[name]);
  if (missing.length === S3_REQUIRED.length) return undefined;
  if (missing.length > 0) {
    const set = S3_REQUIRED.filter((name) => env[name]).join(', ');
    throw new Error(
      `S3 storage is half configured: ${set} ${set.includes(',') ? 'are' : 'is'} set but ${missing.join(', ')} ` +
        `${missing.length > 1 ? 'are' : 'is'} not. Set all four to store files in S3, or none to keep them in DATA_DIR.`,
    );
  }
  let url: URL;
  try {
    url = new URL(env.S3_ENDPOINT as string);
  } catch {
    throw new Error(
      `S3_ENDPOINT must be a URL such as https://s3.eu-west-1.amazonaws.com, got "${env.S3_ENDPOINT}"`,
    );
  }
  return {
    endpoint: url.toString().replace(/\/+$/, ''),
    bucket: env.S3_BUCKET as string,
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    region: env.S3_REGION || 'us-east-1',
    forcePathStyle: !/(^|\.)amazonaws\.com$/i.test(url.hostname),
  };
}
