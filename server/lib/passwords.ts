import { hash, verify } from '@node-rs/argon2';

// The library's defaults are argon2id at OWASP's minimum profile (19 MiB, 2 passes): well under 100 ms.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check, so a missing user is not revealed by a faster answer. */
export async function verifyAgainstDummy(password: string) {
  dummy ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummy, password);
  return false;
}
