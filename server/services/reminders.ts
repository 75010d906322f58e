import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { occurrences } from '#contract/event-schedule.ts';
import type { Channel } from '#contract/notification-send.ts';
import type { Db } from '../db/client.ts';
import { companies, courseProgress, notificationSettings, records, users } from '../db/schema.ts';
import type { Lang } from './channels/email-template.ts';
import { assignedUserIds } from './course-audience.ts';
import { enqueue, type NewJob } from './delivery-queue.ts';

const DAY = 86_400_000;
type Kind = 'end' | 'expiry' | 'event';

const TEXT: Record<Lang, Record<Kind, (name: string, when: string) => string>> = {
  en: {
    end: (n, w) => `Reminder: "${n}" should be finished by ${w}`,
    expiry: (n, w) => `Reminder: "${n}" expires on ${w}`,
    event: (n, w) => `Reminder: "${n}" starts on ${w}`,
  },
  th: {
    end: (n, w) => `แจ้งเตือน: หลักสูตร "${n}" ควรเรียนให้จบภายใน ${w}`,
    expiry: (n, w) => `แจ้งเตือน: หลักสูตร "${n}" จะหมดอายุวันที่ ${w}`,
    event: (n, w) => `แจ้งเตือน: กิจกรรม "${n}" จะเริ่มวันที่ ${w}`,
  },
  vn: {
    end: (n, w) => `Nhắc nhở: hãy hoàn thành "${n}" trước ${w}`,
    expiry: (n, w) => `Nhắc nhở: "${n}" hết hạn vào ${w}`,
    event: (n, w) => `Nhắc nhở: sự kiện "${n}" bắt đầu vào ${w}`,
  },
  mm: {
    end: (n, w) => `သတိပေးချက်: "${n}" ကို ${w} မတိုင်မီ ပြီးဆုံးရန်`,
    expiry: (n, w) => `သတိပေးချက်: "${n}" သည် ${w} တွင် သက်တမ်းကုန်မည်`,
    event: (n, w) => `သတိပေးချက်: "${n}" ပွဲသည် ${w} တွင် စတင်မည်`,
  },
  cn: {
    end: (n, w) => `提醒：请在${w}前完成"${n}"`,
    expiry: (n, w) => `提醒："${n}"将于${w}到期`,
    event: (n, w) => `提醒：活动"${n}"将于${w}开始`,
  },
};

const day = (iso: string) => iso.slice(0, 10);

type Settings = {
  companyId: string;
  daysBeforeEnd: number;
  daysBeforeExpiry: number;
  daysBeforeEvent: number;
};

/**
 * The daily reminders of /setting/notificationpage: a course ending (or expiring) within the
 * company's number of days reminds each assigned user who has not finished it; an event starting
 * within its days reminds its participants. Each reminder's job key names the item, the user and
 * the channel (an event's also the occurrence), so however often this runs — hourly, after a
 * restart, in several processes — a user gets one reminder per item and channel.
 */
export async function runReminders(db: Db, now: Date) {
  const settings: Settings[] = await db
    .select({
      companyId: companies.id,
      daysBeforeEnd: sql<number>`coalesce(${notificationSettings.daysBeforeEnd}, 3)`,
      daysBeforeExpiry: sql<number>`coalesce(${notificationSettings.daysBeforeExpiry}, 7)`,
      daysBeforeEvent: sql<number>`coalesce(${notificationSettings.daysBeforeEvent}, 1)`,
    })
    .from(companies)
    .leftJoin(notificationSettings, eq(notificationSettings.companyId, companies.id));
  let added = 0;
  for (const s of settings) added += await remindCompany(db, s, now);
  return added;
}

const within = (iso: string | null | undefined, now: Date, days: number) => {
  if (!iso || days <= 0) return false;
  const t = Date.parse(iso);
  return t > now.getTime() && t <= now.getTime() + days * DAY;
};

async function remindCompany(db: Db, s: Settings, now: Date) {
  const live = (resource: string) =>
    db
      .select({ id: records.id, data: records.data })
      .from(records)
      .where(
        and(eq(records.companyId, s.companyId), eq(records.resource, resource), isNull(records.deletedAt)),
      );
  const langs = new Map(
    (
      await db
        .select({ id: users.id, language: users.language })
        .from(users)
        .where(and(eq(users.companyId, s.companyId), isNull(users.deletedAt), eq(users.active, true)))
    ).map((u) => [u.id, u.language as Lang]),
  );
  const jobs: NewJob[] = [];
  const add = (
    kind: Kind,
    itemId: string,
    name: string,
    when: string,
    userIds: Iterable<string>,
    channels: Channel[],
    extra = '',
  ) => {
    for (const userId of userIds) {
      const lang = langs.get(userId);
      if (!lang) continue;
      for (const channel of channels)
        jobs.push({
          companyId: s.companyId,
          key: `reminder:${kind}:${itemId}${extra}:${userId}:${channel}`,
          userId,
          channel,
          title: (TEXT[lang] ?? TEXT.en)[kind](name, day(when)),
          body: '',
          link: null,
        });
    }
  };

  for (const c of await live('Course')) {
    const d = c.data as {
      name: string;
      endAt: string;
      expiresAt: string | null;
      allUsers: boolean;
      departmentIds: string[];
      channels?: Channel[];
    };
    const ending = within(d.endAt, now, s.daysBeforeEnd);
    const expiring = within(d.expiresAt, now, s.daysBeforeExpiry);
    if (!ending && !expiring) continue;
    const assigned = await assignedUserIds(db, s.companyId, {
      id: c.id,
      allUsers: d.allUsers,
      departmentIds: d.departmentIds ?? [],
    });
    const finished = new Set(
      (
        await db
          .select({ userId: courseProgress.userId })
          .from(courseProgress)
          .where(and(eq(courseProgress.courseId, c.id), isNotNull(courseProgress.finishedAt)))
      ).map((r) => r.userId),
    );
    const open = [...assigned].filter((u) => !finished.has(u));
    const channels = d.channels?.length ? d.channels : (['inbox'] as Channel[]);
    if (ending) add('end', c.id, d.name, d.endAt, open, channels);
    if (expiring && d.expiresAt) add('expiry', c.id, d.name, d.expiresAt, open, channels);
  }

  if (s.daysBeforeEvent > 0) {
    const parts = await live('EventParticipant');
    for (const e of await live('Event')) {
      const d = e.data as Parameters<typeof occurrences>[0] & { name: string };
      const next = occurrences(d, { from: now, to: new Date(now.getTime() + s.daysBeforeEvent * DAY) }).find(
        (o) => within(o.startAt, now, s.daysBeforeEvent),
      );
      if (!next) continue;
      const mine = parts
        .map((p) => p.data as { eventId: string; userId: string | null; departmentId: string | null })
        .filter((p) => p.eventId === e.id);
      const direct = mine.flatMap((p) => (p.userId ? [p.userId] : []));
      const deps = mine.flatMap((p) => (p.departmentId ? [p.departmentId] : []));
      const members = deps.length
        ? await assignedUserIds(db, s.companyId, { id: e.id, allUsers: false, departmentIds: deps })
        : new Set<string>();
      add(
        'event',
        e.id,
        d.name,
        next.startAt,
        new Set([...direct, ...members]),
        ['inbox', 'push'],
        `@${day(next.startAt)}`,
      );
    }
  }
  return jobs.length ? enqueue(db, jobs, now) : 0;
}
