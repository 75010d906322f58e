import { SIGN_OUT_NOTICE_KEY } from '@/data/session/storage-keys';

/** Why the user is back on /login; written at sign-out, read once by the login page. */
export type SignOutNotice =
  | { kind: 'idle' | 'expired' | 'signed-out' }
  | { kind: 'maintenance'; message: string };

export const writeSignOutNotice = (notice: SignOutNotice) =>
  sessionStorage.setItem(SIGN_OUT_NOTICE_KEY, JSON.stringify(notice));

export function readSignOutNotice(): SignOutNotice | null {
  try {
    const raw = sessionStorage.getItem(SIGN_OUT_NOTICE_KEY);
    return raw ? (JSON.parse(raw) as SignOutNotice) : null;
  } catch {
    return null;
  }
}

export const dismissSignOutNotice = () => sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
