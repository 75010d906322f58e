import { eq } from 'drizzle-orm';
import type { ReminderSettings, UpdateEmailSettings } from '#contract/notification-send.ts';
import type { Db } from '../db/client.ts';
import { notificationSettings } from '../db/schema.ts';
import type { SecretBox } from '../lib/secret-box.ts';

const DEFAULTS = {
  senderName: '',
  replyTo: '',
  lineTokenEnc: null,
  daysBeforeEnd: 3,
  daysBeforeExpiry: 7,
  daysBeforeEvent: 1,
};

export async function readSettings(db: Db, companyId: string) {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.companyId, companyId));
  return row ?? { companyId, ...DEFAULTS };
}

/** Inserts the company's row or changes the given columns of it (one statement, no race). */
async function upsert(
  db: Db,
  companyId: string,
  set: Partial<typeof notificationSettings.$inferInsert>,
  now: Date,
) {
  await db
    .insert(notificationSettings)
    .values({ companyId, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.companyId, set: { ...set, updatedAt: now } });
}

export const emailSettingsOf = (s: Awaited<ReturnType<typeof readSettings>>) => ({
  senderName: s.senderName,
  replyTo: s.replyTo,
  lineTokenSet: Boolean(s.lineTokenEnc),
});

/** The LINE token is sealed before it is stored; an absent token leaves the stored one. */
export async function saveEmailSettings(
  db: Db,
  box: SecretBox,
  companyId: string,
  input: UpdateEmailSettings,
  now: Date,
) {
  const set: Partial<typeof notificationSettings.$inferInsert> = {
    senderName: input.senderName,
    replyTo: input.replyTo,
  };
  if (input.lineToken !== undefined) set.lineTokenEnc = input.lineToken ? box.seal(input.lineToken) : null;
  await upsert(db, companyId, set, now);
  return emailSettingsOf(await readSettings(db, companyId));
}

export async function saveReminderSettings(db: Db, companyId: string, input: ReminderSettings, now: Date) {
  await upsert(db, companyId, input, now);
  const s = await readSettings(db, companyId);
  return {
    daysBeforeEnd: s.daysBeforeEnd,
    daysBeforeExpiry: s.daysBeforeExpiry,
    daysBeforeEvent: s.daysBeforeEvent,
  };
}
