import { type SQL, sql } from 'drizzle-orm';
import type { CourseState } from '#contract/learner-courses.ts';

/**
 * The course state of docs/course-progress.md as one SQL `case` (courseState in course-progress.ts
 * is the same rule in TypeScript): the stored progress instants against the course's end and
 * expiry and the current time. Every argument is a timestamptz expression, so it serves one
 * course with constant dates (the course report) and many courses with their dates as columns
 * (the reports of issue 12).
 */
export function courseStateSql(a: {
  startedAt: SQL | unknown;
  finishedAt: SQL | unknown;
  endAt: SQL;
  /** The course's expiry: its expiresAt, or its endAt when it has none. */
  expiry: SQL;
  now: Date;
}): SQL<CourseState> {
  const now = sql`${a.now.toISOString()}::timestamptz`;
  return sql<CourseState>`case
    when ${a.finishedAt} is not null and ${a.finishedAt} <= ${a.expiry} then 'finishedBeforeExpiry'
    when ${a.finishedAt} is not null then 'finishedAfterExpiry'
    when ${now} > ${a.expiry} then 'notFinished'
    when ${now} > ${a.endAt} then 'delay'
    when ${a.startedAt} is not null then 'inProgress'
    else 'notStarted' end`;
}
