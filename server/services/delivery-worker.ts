import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { companies, deliveryJobs, notificationSettings, notifications, users } from '../db/schema.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { type Lang, notificationEmail, senderOf } from './channels/email-template.ts';
import { pushLine } from './channels/line.ts';
import { pushToUser, type Vapid } from './channels/push.ts';
import { claim, type Job, markFailed, markSent, PermanentError } from './delivery-queue.ts';

export type WorkerDeps = {
  db: Db;
  now: () => Date;
  mailer: Mailer;
  box: SecretBox;
  vapid: Vapid;
  lineApiBase: string;
  log: FastifyBaseLogger;
};

type Recipient = { email: string; lineId: string; language: Lang };
type Company = { name: string; senderName: string; replyTo: string; lineToken: string | null };

const BATCH = 500;
const CONCURRENCY = 40;

/** What the jobs of a batch need: their users and companies, read once per batch. */
async function contextOf(deps: WorkerDeps, jobs: Job[]) {
  const userIds = [...new Set(jobs.map((j) => j.userId))];
  const companyIds = [...new Set(jobs.map((j) => j.companyId))];
  const [userRows, companyRows] = await Promise.all([
    deps.db
      .select({ id: users.id, email: users.email, lineId: users.lineId, language: users.language })
      .from(users)
      .where(inArray(users.id, userIds)),
    deps.db
      .select({
        id: companies.id,
        name: companies.name,
        senderName: notificationSettings.senderName,
        replyTo: notificationSettings.replyTo,
        lineTokenEnc: notificationSettings.lineTokenEnc,
      })
      .from(companies)
      .leftJoin(notificationSettings, eq(notificationSettings.companyId, companies.id))
      .where(inArray(companies.id, companyIds)),
  ]);
  const recipients = new Map<string, Recipient>(userRows.map((u) => [u.id, u]));
  const companyMap = new Map<string, Company>(
    companyRows.map((c) => {
      let lineToken: string | null = null;
      try {
        lineToken = c.lineTokenEnc ? deps.box.open(c.lineTokenEnc) : null;
      } catch {
        // A token sealed under another key (SETTINGS_SECRET changed): LINE reports it as not set.
      }
      return [c.id, { name: c.name, senderName: c.senderName ?? '', replyTo: c.replyTo ?? '', lineToken }];
    }),
  );
  return { recipients, companyMap };
}

/**
 * Inbox rows and their jobs' "sent" commit together, for a whole batch in one transaction: a
 * repeat after a crash finds the jobs already sent, and a rollback leaves them to run again.
 */
async function deliverInbox(deps: WorkerDeps, jobs: Job[]) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const held = await tx
      .update(deliveryJobs)
      .set({ state: 'sent', sentAt: now, lockedUntil: null, error: null })
      .where(
        and(
          inArray(
            deliveryJobs.id,
            jobs.map((j) => j.id),
          ),
          eq(deliveryJobs.state, 'sending'),
        ),
      )
      .returning({ id: deliveryJobs.id });
    const ids = new Set(held.map((h) => h.id));
    const rows = jobs
      .filter((j) => ids.has(j.id))
      .map((j) => ({
        companyId: j.companyId,
        userId: j.userId,
        title: j.title,
        body: j.body,
        link: j.link,
        createdAt: now,
      }));
    if (rows.length) await tx.insert(notifications).values(rows);
  });
}

async function deliver(
  deps: WorkerDeps,
  job: Job,
  user: Recipient | undefined,
  company: Company | undefined,
) {
  if (!user || !company) throw new PermanentError('The recipient no longer exists.');
  switch (job.channel) {
    case 'inbox':
      await deliverInbox(deps, [job]);
      break;
    case 'email': {
      if (!user.email) throw new PermanentError('The user has no e-mail address.');
      const mail = notificationEmail(user.language, {
        company: company.name,
        title: job.title,
        body: job.body,
        link: job.link,
      });
      await deps.mailer.deliver({
        to: user.email,
        ...mail,
        from: senderOf(deps.mailer.from, company.senderName),
        ...(company.replyTo ? { replyTo: company.replyTo } : {}),
        messageId: `<${job.id}@notifications>`,
      });
      break;
    }
    case 'push':
      await pushToUser(deps.db, deps.vapid, job.userId, {
        id: job.id,
        title: job.title,
        body: job.body,
        link: job.link,
      });
      break;
    case 'line': {
      if (!company.lineToken) throw new PermanentError('LINE is not set up for the company.');
      if (!user.lineId) throw new PermanentError('The user has no LINE ID.');
      const text = [job.title, job.body, job.link ?? ''].filter(Boolean).join('\n\n');
      await pushLine({
        base: deps.lineApiBase,
        token: company.lineToken,
        to: user.lineId,
        text,
        retryKey: job.id,
      });
      break;
    }
  }
}

/**
 * Runs due jobs until none is left: claims a batch, delivers up to CONCURRENCY at a time, records
 * each outcome. Returns how many jobs it ran. Safe to run in every API process at once (claim).
 */
export async function drainQueue(deps: WorkerDeps, stopped: () => boolean = () => false) {
  let ran = 0;
  while (!stopped()) {
    const jobs = await claim(deps.db, deps.now(), BATCH);
    if (jobs.length === 0) break;
    const { recipients, companyMap } = await contextOf(deps, jobs);
    // Inbox jobs of live users go together in one transaction; the rest one by one.
    const inbox = jobs.filter((j) => j.channel === 'inbox' && recipients.has(j.userId));
    if (inbox.length) {
      try {
        await deliverInbox(deps, inbox);
      } catch (err) {
        for (const job of inbox) await markFailed(deps.db, job, err, deps.now());
      }
    }
    const others = jobs.filter((j) => !inbox.includes(j));
    // Delivered jobs are marked sent together after the batch: if the process dies before, their
    // lease runs out and they fail as interrupted (never sent twice), as for a death mid-send.
    const delivered: Job[] = [];
    let next = 0;
    const lane = async () => {
      while (next < others.length) {
        const job = others[next++];
        try {
          await deliver(deps, job, recipients.get(job.userId), companyMap.get(job.companyId));
          if (job.channel !== 'inbox') delivered.push(job);
        } catch (err) {
          if (!(err instanceof PermanentError))
            deps.log.warn({ err, job: job.id, channel: job.channel }, 'delivery failed');
          await markFailed(deps.db, job, err, deps.now());
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, others.length) }, lane));
    if (delivered.length) await markSent(deps.db, delivered, deps.now());
    ran += jobs.length;
  }
  return ran;
}
