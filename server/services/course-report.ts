import { and, asc, count, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  COURSE_NOT_FOUND,
  COURSE_STATES,
  type CourseReport,
  type CourseReportRequest,
  type CourseState,
  type QuizSlot,
} from '#contract/learner-courses.ts';
import type { Db } from '../db/client.ts';
import { courseProgress, departments, quizAttempts, users } from '../db/schema.ts';
import { notFound } from '../lib/api-error.ts';
import { liveCourse } from './course-access.ts';
import { assignedUserIds } from './course-audience.ts';
import { courseQuizzes } from './course-quizzes.ts';
import { courseStateSql } from './course-state-sql.ts';

/** LIKE pattern of a literal: %, _ and \ are matched as themselves. */
const contains = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The course report (/home/assignment-course/courselist-report): one row per learner who takes the
 * course now (course-audience.ts) or who made progress while they took it (listed with
 * `assigned: false`, so their history is not lost when a group changes). The state is computed by
 * SQL from the stored course_progress instants and the course's dates, with the same rules as
 * courseState (course-progress.ts, docs/course-progress.md); quiz columns aggregate quiz_attempts
 * (best score, pass if any submitted attempt passed, attempts started). Totals count the states of
 * every row, before the search and state filters.
 */
export async function courseReport(
  tx: Db,
  who: { companyId: string; userId: string },
  req: Required<Pick<CourseReportRequest, 'courseId' | 'page' | 'per_page'>> &
    Pick<CourseReportRequest, 'state' | 'search'>,
  now: Date,
): Promise<CourseReport> {
  const c = await liveCourse(tx, who, req.courseId);
  if (!c) throw notFound(COURSE_NOT_FOUND);
  const slots = await courseQuizzes(tx, who, c);
  const assigned = [...(await assignedUserIds(tx, who.companyId, c))];
  const expiry = c.expiresAt || c.endAt;
  const ts = (iso: string) => sql`${iso}::timestamptz`;

  const quizAgg = (slot: QuizSlot) =>
    tx
      .select({
        userId: sql<string>`${quizAttempts.userId}`.as(`${slot}_user`),
        attempts: sql<number>`count(*)::int`.as(`${slot}_attempts`),
        best: sql<number | null>`max(${quizAttempts.score})`.as(`${slot}_best`),
        total: sql<number | null>`max(${quizAttempts.total})`.as(`${slot}_total`),
        submitted: sql<number>`count(${quizAttempts.submittedAt})::int`.as(`${slot}_submitted`),
        passed: sql<boolean | null>`bool_or(${quizAttempts.passed})`.as(`${slot}_passed`),
      })
      .from(quizAttempts)
      .where(
        and(
          eq(quizAttempts.companyId, who.companyId),
          eq(quizAttempts.courseId, c.id),
          eq(quizAttempts.slot, slot),
        ),
      )
      .groupBy(quizAttempts.userId)
      .as(`q_${slot}`);
  const pre = quizAgg('pre');
  const post = quizAgg('post');

  const isAssignedSql = sql<boolean>`${users.id} in (select jsonb_array_elements_text(${JSON.stringify(assigned)}::jsonb))`;
  const state = courseStateSql({
    startedAt: courseProgress.startedAt,
    finishedAt: courseProgress.finishedAt,
    endAt: ts(c.endAt),
    expiry: ts(expiry),
    now,
  });

  const base = tx.$with('base').as(
    tx
      .select({
        userId: users.id,
        employeeId: users.employeeId,
        firstName: users.firstName,
        lastName: users.lastName,
        department: sql<string>`coalesce(${departments.name}, '')`.as('department'),
        assigned: isAssignedSql.as('assigned'),
        state: state.as('state'),
        videosCompleted: sql<number>`coalesce(${courseProgress.videosCompleted}, 0)`.as('videos_completed'),
        startedAt: courseProgress.startedAt,
        finishedAt: courseProgress.finishedAt,
        preAttempts: sql<number>`coalesce(${pre.attempts}, 0)`.as('pre_attempts_n'),
        preBest: pre.best,
        preTotal: pre.total,
        preSubmitted: sql<number>`coalesce(${pre.submitted}, 0)`.as('pre_submitted_n'),
        prePassed: pre.passed,
        postAttempts: sql<number>`coalesce(${post.attempts}, 0)`.as('post_attempts_n'),
        postBest: post.best,
        postTotal: post.total,
        postSubmitted: sql<number>`coalesce(${post.submitted}, 0)`.as('post_submitted_n'),
        postPassed: post.passed,
      })
      .from(users)
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .leftJoin(courseProgress, and(eq(courseProgress.courseId, c.id), eq(courseProgress.userId, users.id)))
      .leftJoin(pre, eq(pre.userId, users.id))
      .leftJoin(post, eq(post.userId, users.id))
      .where(
        and(
          eq(users.companyId, who.companyId),
          isNull(users.deletedAt),
          or(
            isAssignedSql,
            and(eq(courseProgress.companyId, who.companyId), sql`${courseProgress.startedAt} is not null`),
          ),
        ),
      ),
  );

  const filters: SQL[] = [];
  if (req.state) filters.push(sql`${base.state} = ${req.state}`);
  if (req.search) {
    const p = contains(req.search);
    filters.push(
      sql`(${base.employeeId} ilike ${p} or (${base.firstName} || ' ' || ${base.lastName}) ilike ${p} or ${base.department} ilike ${p})`,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [byState, [{ total }], rows] = await Promise.all([
    tx.with(base).select({ state: base.state, n: count() }).from(base).groupBy(base.state),
    tx.with(base).select({ total: count() }).from(base).where(where),
    tx
      .with(base)
      .select()
      .from(base)
      .where(where)
      .orderBy(asc(base.lastName), asc(base.firstName), asc(base.userId))
      .limit(req.per_page)
      .offset((req.page - 1) * req.per_page),
  ]);
  const totals = Object.fromEntries(COURSE_STATES.map((s) => [s, 0])) as Record<CourseState, number>;
  for (const r of byState) totals[r.state] = Number(r.n);

  const iso = (v: Date | null) => v?.toISOString() ?? null;
  const quizCol = (
    attempts: number,
    best: unknown,
    totalScore: unknown,
    submitted: number,
    passed: unknown,
  ) => ({
    score: submitted ? Number(best) : null,
    total: totalScore == null ? null : Number(totalScore),
    result: submitted ? (passed ? ('pass' as const) : ('fail' as const)) : null,
    attempts: Number(attempts),
  });
  return {
    course: {
      id: c.id,
      name: c.name,
      startAt: c.startAt,
      endAt: c.endAt,
      expiresAt: c.expiresAt || null,
      hasPreTest: !!slots.pre,
      hasPostTest: !!slots.post,
    },
    asOf: now.toISOString(),
    totals,
    items: rows.map((r) => ({
      userId: r.userId,
      employeeId: r.employeeId,
      name: `${r.firstName} ${r.lastName}`.trim(),
      department: r.department,
      assigned: !!r.assigned,
      state: r.state,
      videosCompleted: Number(r.videosCompleted),
      videosTotal: c.videos.length,
      pre: quizCol(r.preAttempts, r.preBest, r.preTotal, Number(r.preSubmitted), r.prePassed),
      post: quizCol(r.postAttempts, r.postBest, r.postTotal, Number(r.postSubmitted), r.postPassed),
      startedAt: iso(r.startedAt),
      finishedAt: iso(r.finishedAt),
    })),
    total: Number(total),
    page: req.page,
    per_page: req.per_page,
  };
}
