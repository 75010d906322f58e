import { AsyncLocalStorage } from 'node:async_hooks';
import { hash, verify } from '@node-rs/argon2';

const shared = new AsyncLocalStorage<Map<string, Promise<string>>>();

// The library's defaults are argon2id at OWASP's minimum profile (19 MiB, 2 passes): ~20 ms here.
export function hashPassword(password: string) {
  const hashes = shared.getStore();
  if (!hashes) return hash(password);
  const known = hashes.get(password);
  if (known) return known;
  const h = hash(password);
  hashes.set(password, h);
  return h;
}

/**
 * Runs `fn` hashing each distinct password once (one salt for all who share it). Only for the
 * demo seed: its twelve users share three passwords, and every test app seeds, so this saves
 * ~200 ms per app. Real accounts never run in it: each of their hashes has its own salt.
 */
export const sharingPasswordHashes = <T>(fn: () => Promise<T>) => shared.run(new Map(), fn);

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
