import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions, serverKeys } from '../../db/schema.ts';
import { PermanentError } from '../delivery-queue.ts';

export type Vapid = { publicKey: string; privateKey: string; subject: string };

/**
 * The server's VAPID key pair: made on the first start and kept in the database, so every API
 * process (and every restart) signs with the same key the browsers subscribed with. Of two
 * processes starting at once, the first insert wins and both read it.
 */
export async function loadVapid(db: Db, subject: string): Promise<Vapid> {
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(serverKeys)
    .values({ name: 'vapid', value: { publicKey: made.publicKey, privateKey: made.privateKey } })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid'));
  return { publicKey: row.value.publicKey, privateKey: row.value.privateKey, subject };
}

/**
 * A Web Push (aes128gcm, VAPID) to every subscription of the user. A 404 or 410 means the
 * subscription expired: it is removed. Delivered when one subscription took it; otherwise a 429
 * or 5xx is transient and anything else permanent.
 */
export async function pushToUser(
  db: Db,
  vapid: Vapid,
  userId: string,
  payload: { title: string; body: string; link: string | null; id: string },
) {
  const subs = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  if (subs.length === 0) throw new PermanentError('No browser or app of this user has turned on push.');
  let delivered = 0;
  let transient: string | undefined;
  let permanent: string | undefined;
  for (const s of subs) {
    try {
      await webpush.sendNotification(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        JSON.stringify(payload),
        { vapidDetails: vapid, TTL: 7 * 86_400, timeout: 15_000, contentEncoding: 'aes128gcm' },
      );
      delivered++;
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      const reason = `Push service answered ${status ?? (err as Error).message}`;
      if (status === 404 || status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
        permanent ??= 'The push subscription expired and was removed.';
      } else if (status === undefined || status === 429 || status >= 500) transient ??= reason;
      else permanent ??= reason;
    }
  }
  if (delivered > 0) return;
  if (transient) throw new Error(transient);
  throw new PermanentError(permanent ?? 'Push failed.');
}
