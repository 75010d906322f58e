import { and, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  type Channel,
  SEND_DEPARTMENTS_REQUIRED,
  SEND_LINK_MISSING,
  SEND_USERS_REQUIRED,
  type SendNotification,
  type SendSummary,
  TARGET_LINK,
} from '#contract/notification-send.ts';
import type { Db } from '../db/client.ts';
import {
  deliveryJobs,
  departmentMembers,
  departments,
  notificationSends,
  records,
  users,
} from '../db/schema.ts';
import { invalid } from '../resources/record-shape.ts';
import type { Tx } from '../resources/repository-types.ts';
import { appendAudit } from './audit-log.ts';

type Send = typeof notificationSends.$inferSelect;
type Where = { publicUrl: string; learnerAppUrl: string | undefined };

const liveActive = (companyId: string) =>
  and(eq(users.companyId, companyId), isNull(users.deletedAt), eq(users.active, true));

/**
 * The link as recipients open it: a web address as given; a deep link `/l/{code}` of the company on
 * this server; a content, course, quiz or event of the company in the learner app. Refused when the
 * deep link or record does not exist (422), so no one receives a dead link.
 */
async function resolveLink(tx: Tx, companyId: string, link: string, where: Where) {
  if (!link) return null;
  if (/^https?:\/\//i.test(link)) return link;
  if (link.startsWith('/l/')) {
    const code = link.slice(3);
    const [row] = await tx
      .select({ id: records.id })
      .from(records)
      .where(
        and(
          eq(records.companyId, companyId),
          eq(records.resource, 'DeepLink'),
          isNull(records.deletedAt),
          sql`lower(${records.data} ->> 'code') = ${code.toLowerCase()}`,
        ),
      );
    if (!row) throw invalid([{ path: 'link', message: SEND_LINK_MISSING }]);
    return `${where.publicUrl}${link}`;
  }
  if (!TARGET_LINK.test(link)) throw invalid([{ path: 'link', message: SEND_LINK_MISSING }]);
  const [kind, id] = link.split('/');
  const [row] = await tx
    .select({ id: records.id, resource: records.resource })
    .from(records)
    .where(and(eq(records.companyId, companyId), isNull(records.deletedAt), eq(records.id, id)));
  if (!row || row.resource.toLowerCase() !== kind.toLowerCase())
    throw invalid([{ path: 'link', message: SEND_LINK_MISSING }]);
  return `${where.learnerAppUrl ?? 'learner:/'}/open/${row.resource}/${id}`;
}

/** The named departments and users must be the company's own: another company's are refused. */
async function checkAudience(tx: Tx, companyId: string, input: SendNotification) {
  if (input.audience === 'departments') {
    const ids = [...new Set(input.departmentIds)];
    const rows = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(
        and(
          eq(departments.companyId, companyId),
          isNull(departments.deletedAt),
          inArray(departments.id, ids),
        ),
      );
    if (rows.length !== ids.length)
      throw invalid([{ path: 'departmentIds', message: SEND_DEPARTMENTS_REQUIRED }]);
  }
  if (input.audience === 'users') {
    const ids = [...new Set(input.userIds)];
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(liveActive(companyId), inArray(users.id, ids)));
    if (rows.length !== ids.length) throw invalid([{ path: 'userIds', message: SEND_USERS_REQUIRED }]);
  }
}

/** The filter of the send's audience: live active users of its company, of its groups or chosen. */
function audienceFilter(send: Send) {
  const { audience } = send;
  const base = liveActive(send.companyId);
  if (audience.kind === 'departments')
    return and(
      base,
      or(
        inArray(users.departmentId, audience.departmentIds),
        sql`${users.id} in (select ${departmentMembers.userId} from ${departmentMembers} where ${inArray(departmentMembers.departmentId, audience.departmentIds)})`,
      ),
    );
  if (audience.kind === 'users') return and(base, inArray(users.id, audience.userIds));
  return base;
}

/**
 * Makes the send's delivery jobs (one per recipient and channel) in one INSERT ... SELECT, so
 * 10,000 users x 2 channels is one statement, and marks the send expanded. Idempotent: a second
 * call finds it expanded, and job keys are unique anyway (`on conflict do nothing`).
 */
export async function expandSend(tx: Tx, send: Send, now: Date) {
  if (send.expandedAt) return;
  const channels = sql.join(
    (send.channels as Channel[]).map((c) => sql`(${c})`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${deliveryJobs} (id, company_id, key, send_id, user_id, channel, title, body, link, run_at)
    select gen_random_uuid()::text, ${send.companyId}, 'send:' || ${send.id} || ':' || ${users.id} || ':' || ch.c,
      ${send.id}, ${users.id}, ch.c, ${send.title}, ${send.body}, ${send.link}, ${now.toISOString()}::timestamptz
    from ${users} cross join (values ${channels}) as ch(c)
    where ${audienceFilter(send)}
    on conflict (key) do nothing`);
  const [{ n }] = await tx.select({ n: count() }).from(users).where(audienceFilter(send));
  await tx
    .update(notificationSends)
    .set({ expandedAt: now, recipients: Number(n) })
    .where(eq(notificationSends.id, send.id));
}

/**
 * Sends (or schedules) a notification: checked, stored and logged as "notification sent" in one
 * transaction. Its jobs are made by the queue's next run (expandDueSends: at once for "now", the
 * caller kicks it), so the request answers in milliseconds whatever the audience's size.
 */
export async function createSend(
  db: Db,
  o: { companyId: string; senderId: string; ip: string; input: SendNotification; now: Date; where: Where },
) {
  return db.transaction(async (tx) => {
    await checkAudience(tx, o.companyId, o.input);
    const link = await resolveLink(tx, o.companyId, o.input.link, o.where);
    const sendAt = o.input.sendAt ? new Date(o.input.sendAt) : o.now;
    const [send] = await tx
      .insert(notificationSends)
      .values({
        companyId: o.companyId,
        senderId: o.senderId,
        title: o.input.title,
        body: o.input.body,
        link,
        audience: {
          kind: o.input.audience,
          departmentIds: o.input.audience === 'departments' ? [...new Set(o.input.departmentIds)] : [],
          userIds: o.input.audience === 'users' ? [...new Set(o.input.userIds)] : [],
        },
        channels: [...new Set(o.input.channels)],
        sendAt,
        createdAt: o.now,
      })
      .returning();
    await appendAudit(tx, {
      companyId: o.companyId,
      at: o.now,
      actorId: o.senderId,
      action: 'notificationSent',
      resource: 'Notification',
      recordId: send.id,
      label: send.title,
      changes: [
        { field: 'audience', from: null, to: send.audience.kind },
        { field: 'channels', from: null, to: send.channels },
        { field: 'sendAt', from: null, to: sendAt.toISOString() },
      ],
      ip: o.ip,
    });
    return send;
  });
}

/** Scheduled sends whose time came: expanded by whichever API process gets each first. */
export async function expandDueSends(db: Db, now: Date) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(notificationSends)
      .where(and(isNull(notificationSends.expandedAt), lte(notificationSends.sendAt, now)))
      .limit(20)
      .for('update', { skipLocked: true });
    for (const send of due) await expandSend(tx, send, now);
    return due.length;
  });
}

/** A page of the company's sends, newest first, with per-channel counts and grouped failure reasons. */
export async function listSends(db: Db, companyId: string, page: number, perPage: number) {
  const senderName = sql<string>`coalesce(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ send: notificationSends, senderName })
      .from(notificationSends)
      .leftJoin(users, eq(users.id, notificationSends.senderId))
      .where(eq(notificationSends.companyId, companyId))
      .orderBy(desc(notificationSends.createdAt), desc(notificationSends.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(notificationSends).where(eq(notificationSends.companyId, companyId)),
  ]);
  const ids = rows.map((r) => r.send.id);
  const [tally, failures] = ids.length
    ? await Promise.all([
        db
          .select({
            sendId: deliveryJobs.sendId,
            channel: deliveryJobs.channel,
            state: deliveryJobs.state,
            n: count(),
          })
          .from(deliveryJobs)
          .where(inArray(deliveryJobs.sendId, ids))
          .groupBy(deliveryJobs.sendId, deliveryJobs.channel, deliveryJobs.state),
        db
          .select({
            sendId: deliveryJobs.sendId,
            channel: deliveryJobs.channel,
            reason: deliveryJobs.error,
            n: count(),
          })
          .from(deliveryJobs)
          .where(and(inArray(deliveryJobs.sendId, ids), eq(deliveryJobs.state, 'failed')))
          .groupBy(deliveryJobs.sendId, deliveryJobs.channel, deliveryJobs.error),
      ])
    : [[], []];
  const items: SendSummary[] = rows.map(({ send, senderName: name }) => {
    const counts: SendSummary['counts'] = {};
    for (const c of send.channels as Channel[]) counts[c] = { queued: 0, sent: 0, failed: 0 };
    for (const t of tally.filter((t) => t.sendId === send.id)) {
      const c = counts[t.channel] ?? { queued: 0, sent: 0, failed: 0 };
      // A job being sent right now still counts as queued: it has not reached anyone yet.
      c[t.state === 'sending' ? 'queued' : t.state] += Number(t.n);
      counts[t.channel] = c;
    }
    return {
      id: send.id,
      title: send.title,
      body: send.body,
      link: send.link,
      audience: send.audience.kind,
      channels: send.channels as Channel[],
      sendAt: send.sendAt.toISOString(),
      createdAt: send.createdAt.toISOString(),
      expandedAt: send.expandedAt?.toISOString() ?? null,
      recipients: send.recipients,
      senderName: name ?? '',
      counts,
      failures: failures
        .filter((f) => f.sendId === send.id)
        .map((f) => ({ channel: f.channel, reason: f.reason ?? '', count: Number(f.n) }))
        .sort((a, b) => b.count - a.count)
        .slice(0, 20),
    };
  });
  return { items, total: Number(total), page, per_page: perPage };
}
