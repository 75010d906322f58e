import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../resources/repository-types.ts';
import { departments, records } from './schema.ts';
import { writerFor } from './seed-people.ts';

const DAY = 86_400_000;

type DemoCourse = {
  name: string;
  description: string;
  topic: string;
  /** Titles of seeded library videos (DEMO_MEDIA), in the course's order. */
  videos: string[];
  /** Days from now (negative: past). */
  start: number;
  end: number;
  expires: number | null;
  periodHours: number;
  channels: string[];
  allUsers?: boolean;
  /** Department names; those the company lacks are skipped. */
  departments: string[];
  seatLimit: number;
  mustWatchInOrder?: boolean;
  prohibitForward?: boolean;
  /** Link the company's first pre-test and post-test, when quizzes were seeded. */
  quizzes?: boolean;
  /** A certificate (the demo template) for those who pass, e-mailed by an administrator. */
  certificate?: boolean;
  /** Usernames enrolled one by one, and learners who asked for the course. */
  enrolled: string[];
  requested: string[];
};

// biome-ignore format: one course per block
const DEMO_COURSES: DemoCourse[] = [
  {
    name: 'Machine guarding for new operators',
    description: 'The guard check every operator does before the first press cycle of a shift.',
    topic: 'Machine guarding', videos: ['Guard check before the shift'],
    start: -20, end: 10, expires: 40, periodHours: 2, channels: ['inbox', 'push', 'email'],
    departments: ['Production', 'Operations'], seatLimit: 20, mustWatchInOrder: true, prohibitForward: true,
    quizzes: true, certificate: true, enrolled: ['kanya', 'michael'], requested: ['john', 'sarah'],
  },
  {
    name: '5S on the shop floor',
    description: 'Sort, set in order, shine, standardise, sustain: how line 2 built its shadow board.',
    topic: 'Lean production', videos: ['A 5S shadow board in practice', 'Guard check before the shift'],
    start: -45, end: -5, expires: 25, periodHours: 1.5, channels: ['inbox', 'line'],
    departments: ['Production', 'Quality Assurance', 'Engineering'], seatLimit: 0, mustWatchInOrder: true,
    enrolled: ['malee', 'linda'], requested: [],
  },
  {
    name: 'Annual safety refresher',
    description: 'The yearly refresher every employee takes: guards, housekeeping and reporting near misses.',
    topic: 'Machine guarding', videos: ['Guard check before the shift', 'A 5S shadow board in practice'],
    start: -3, end: 27, expires: 60, periodHours: 1, channels: ['inbox', 'push', 'email', 'line'],
    allUsers: true, departments: [], seatLimit: 0, prohibitForward: true, enrolled: [], requested: [],
  },
  {
    name: 'Line leader onboarding',
    description: 'For new line leaders: running the 5S audit and the guard check with the team.',
    topic: 'Lean production', videos: ['A 5S shadow board in practice'],
    start: 7, end: 37, expires: null, periodHours: 3, channels: ['email'],
    departments: ['Quality Assurance', 'Safety'], seatLimit: 4, enrolled: ['trainer', 'david'], requested: ['pichai'],
  },
];

/**
 * The company's certificate template: the default elements of a new template over the picture of
 * one of its demo banners (none when no banner was seeded).
 */
async function seedCertificateTemplate(
  tx: Tx,
  o: { companyId: string; writer: ReturnType<typeof writerFor> },
) {
  const [banner] = await tx
    .select({ data: records.data })
    .from(records)
    .where(and(eq(records.companyId, o.companyId), eq(records.resource, 'Banner'), isNull(records.deletedAt)))
    .orderBy(asc(records.id))
    .limit(1);
  return o.writer.create('CertificateTemplate', {
    name: 'Course completion',
    background: String((banner?.data as { image?: string } | undefined)?.image ?? ''),
    language: 'en',
  });
}

/** A live record of the company by a text field (demo titles are unique within a company). */
export async function findByText(tx: Tx, companyId: string, resource: string, field: string, value: string) {
  const [row] = await tx
    .select({ id: records.id, data: records.data })
    .from(records)
    .where(
      and(
        eq(records.companyId, companyId),
        eq(records.resource, resource),
        isNull(records.deletedAt),
        sql`${records.data} ->> ${field} = ${value}`,
      ),
    )
    .limit(1);
  return row;
}

/** The company's first quiz of each kind by name, if any were seeded (a pre-test and a post-test). */
async function courseQuizzes(tx: Tx, companyId: string) {
  const rows = await tx
    .select({ id: records.id, type: sql<string>`${records.data} ->> 'type'` })
    .from(records)
    .where(and(eq(records.companyId, companyId), eq(records.resource, 'Quiz'), isNull(records.deletedAt)))
    .orderBy(asc(sql`${records.data} ->> 'name'`));
  const pre = rows.find((r) => r.type === 'pre');
  const post = rows.find((r) => r.type === 'post');
  if (pre && post) return [pre.id, post.id];
  const both = rows.find((r) => r.type === 'prePost');
  return both ? [both.id] : [];
}

/**
 * Assignment courses of one demo company made of its seeded library videos (popup questions half
 * way through), with groups, seats, users enrolled one by one and learners' requests, written
 * through the same writes as the API (the course and enrolment rules apply). Runs after the
 * library (seedLists) and, when it exists, the quizzes' seed.
 */
export async function seedCourses(
  tx: Tx,
  o: {
    companyId: string;
    writer: ReturnType<typeof writerFor>;
    /** Username -> user id. */
    ids: Map<string, string>;
    now: Date;
  },
) {
  const at = (days: number) => {
    const d = new Date(o.now.getTime() + days * DAY);
    d.setUTCHours(1, 0, 0, 0);
    return d.toISOString();
  };
  const deptRows = await tx
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(and(eq(departments.companyId, o.companyId), isNull(departments.deletedAt)));
  const deptIds = new Map(deptRows.map((d) => [d.name, d.id]));
  const quizIds = await courseQuizzes(tx, o.companyId);
  const templateId = await seedCertificateTemplate(tx, o);
  for (const c of DEMO_COURSES) {
    const videos = [];
    for (const title of c.videos) {
      const video = await findByText(tx, o.companyId, 'Video', 'title', title);
      if (!video) throw new Error(`Demo course ${c.name} names an unknown video ${title}.`);
      const data = video.data as { description?: string; seconds?: number };
      videos.push({
        id: randomUUID(),
        videoId: video.id,
        title,
        description: data.description ?? '',
        popupSeconds: Math.floor((data.seconds ?? 0) / 2),
        allowDownload: false,
      });
    }
    const topic = await findByText(tx, o.companyId, 'Topic', 'title', c.topic);
    const courseId = await o.writer.create('Course', {
      name: c.name,
      description: c.description,
      startAt: at(c.start),
      endAt: at(c.end),
      expiresAt: c.expires === null ? null : at(c.expires),
      periodHours: c.periodHours,
      channels: c.channels,
      viewSetting: c.allUsers ? 'all' : 'group',
      allUsers: c.allUsers ?? false,
      departmentIds: c.departments.flatMap((n) => deptIds.get(n) ?? []),
      seatLimit: c.seatLimit,
      topicId: topic?.id ?? null,
      mustWatchInOrder: c.mustWatchInOrder ?? false,
      prohibitForward: c.prohibitForward ?? false,
      videos,
      quizIds: c.quizzes ? quizIds : [],
      // Spec section 5: only with the post-test's passing score (the demo post-test has one).
      ...(c.certificate && c.quizzes && quizIds.length && templateId
        ? { certificate: true, certificateTemplateId: templateId, certificateSending: 'manual' }
        : {}),
    });
    for (const username of c.enrolled) {
      const userId = o.ids.get(username);
      if (userId) await o.writer.create('Enrolment', { courseId, userId, status: 'enrolled' });
    }
    for (const username of c.requested) {
      const userId = o.ids.get(username);
      // Asked by the learner, as the learner call does.
      if (userId)
        await writerFor(tx, o.companyId, userId, o.now).create('Enrolment', {
          courseId,
          userId,
          status: 'requested',
        });
    }
  }
}
