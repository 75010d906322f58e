import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The generated key's file in DATA_DIR, when FILE_URL_SECRET is not set. */
export const KEY_FILE = 'file-url-secret';

/**
 * The key of signed file URLs: FILE_URL_SECRET, or else a random key made at the first start and
 * kept in `dataDir` (owner-only), so links stay valid across restarts. Several processes must
 * share it: set FILE_URL_SECRET on each (their DATA_DIRs differ).
 */
export async function loadFileUrlKey(opts: { secret: string | undefined; dataDir: string; file?: string }) {
  if (opts.secret) return Buffer.from(opts.secret, 'utf8');
  const path = join(opts.dataDir, opts.file ?? KEY_FILE);
  await mkdir(opts.dataDir, { recursive: true });
  try {
    // 'wx': of two processes starting at once on one folder, one writes and the other reads.
    await writeFile(path, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = (await readFile(path, 'utf8')).trim();
  if (key.length < 32)
    throw new Error(
      `${path} holds no usable key: delete it (links signed with it stop working) and restart.`,
    );
  return Buffer.from(key, 'utf8');
}

const signature = (key: Buffer, id: string, exp: number) =>
  createHmac('sha256', key).update(`${id}\n${exp}`).digest('base64url');

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/** Signs and checks `?exp=<unix seconds>&sig=<HMAC-SHA256 of id and exp>` of a file URL. */
export function fileUrlSigner(key: Buffer) {
  return {
    /** `path` (`/files/<id>/<name>`) opening file `id` until `exp` (Unix seconds). */
    sign(path: string, id: string, exp: number) {
      return `${path}?exp=${exp}&sig=${signature(key, id, exp)}`;
    },
    check(id: string, exp: string | undefined, sig: string | undefined, now: Date): SignatureCheck {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp) || sig.length > 100) return 'invalid';
      const expected = Buffer.from(signature(key, id, Number(exp)));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(exp) * 1000 <= now.getTime() ? 'expired' : 'valid';
    },
  };
}
export type FileUrlSigner = ReturnType<typeof fileUrlSigner>;
