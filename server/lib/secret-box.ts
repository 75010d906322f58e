import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { loadFileUrlKey } from './file-urls.ts';

/** The generated key's file in DATA_DIR, when SETTINGS_SECRET is not set. */
export const SETTINGS_KEY_FILE = 'settings-secret';

export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

/**
 * Settings kept encrypted at rest (a LINE channel access token): AES-256-GCM under a key from
 * SETTINGS_SECRET, or else a random key made at the first start in DATA_DIR (owner-only), exactly
 * as the signed-file-URL key. A database dump alone does not reveal the tokens. Several API
 * processes must share the key: set SETTINGS_SECRET on each.
 */
export async function loadSecretBox(opts: { secret: string | undefined; dataDir: string }) {
  const raw = await loadFileUrlKey({ ...opts, file: SETTINGS_KEY_FILE });
  return secretBox(createHash('sha256').update(raw).digest());
}

export function secretBox(key: Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed value.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
