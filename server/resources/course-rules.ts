import { and, eq, isNull, sql } from 'drizzle-orm';
import { certificateProblem } from '#contract/resources/certificate.ts';
import type { CourseVideo } from '#contract/resources/course.ts';
import {
  CERTIFICATE_TEMPLATE_MISSING,
  COURSE_DEPARTMENT_MISSING,
  COURSE_QUIZ_LIMIT,
  COURSE_QUIZ_MISSING,
  COURSE_QUIZ_SAME_TYPE,
  COURSE_TOPIC_MISSING,
  COURSE_VIDEO_MISSING,
  POPUP_AFTER_END,
  seatsExceeded,
} from '#contract/resources/course-messages.ts';
import { records } from '../db/schema.ts';
import { assignedUserIds } from '../services/course-audience.ts';
import { mediaOfFile, mediaRefusalFor } from '../services/media-files.ts';
import { someDepartmentMissing } from './departments-repository.ts';
import { invalid } from './record-shape.ts';
import { findLive, recordsRepository } from './records-repository.ts';
import type { ResourceRules, Scope, Tx } from './repository-types.ts';

type Problem = { path: string; message: string };

/**
 * Spec sections 5 and 9: at most 2 quizzes, a pre-post one filling both places, and no two of the
 * same kind (two pre-tests would leave no post-test). Each a live Quiz of the company.
 */
async function quizProblems(tx: Tx, scope: Scope, quizIds: string[]): Promise<Problem[]> {
  let pre = 0;
  let post = 0;
  for (const quizId of quizIds) {
    const quiz = await findLive(tx, scope, 'Quiz', quizId);
    if (!quiz) return [{ path: 'quizIds', message: COURSE_QUIZ_MISSING }];
    const type = (quiz.data as { type?: string }).type;
    if (type === 'pre' || type === 'prePost') pre++;
    if (type === 'post' || type === 'prePost') post++;
  }
  if (pre + post > 2) return [{ path: 'quizIds', message: COURSE_QUIZ_LIMIT }];
  if (pre > 1 || post > 1) return [{ path: 'quizIds', message: COURSE_QUIZ_SAME_TYPE }];
  return [];
}

/**
 * Spec section 5 (the rule shared with the console, contract/resources/certificate.ts): a
 * certificate needs the post-test's passing score first, then a template, a live one of the company.
 */
async function certificateProblems(
  tx: Tx,
  scope: Scope,
  fields: Record<string, unknown>,
  quizIds: string[],
): Promise<Problem[]> {
  const certificate = fields.certificate === true;
  const certificateTemplateId = (fields.certificateTemplateId as string | null | undefined) ?? null;
  const quizzes = [];
  for (const quizId of quizIds) {
    const quiz = await findLive(tx, scope, 'Quiz', quizId);
    if (quiz) quizzes.push(quiz.data as { type: string; passingScore: number | null });
  }
  const problem = certificateProblem({ certificate, certificateTemplateId }, quizzes);
  if (problem) return [problem];
  if (
    certificate &&
    certificateTemplateId &&
    !(await findLive(tx, scope, 'CertificateTemplate', certificateTemplateId))
  )
    return [{ path: 'certificateTemplateId', message: CERTIFICATE_TEMPLATE_MISSING }];
  return [];
}

/**
 * Each video's length and size are read from its media: a library Video's file, or a file uploaded
 * for the course (which must be an MP4 video). A popup moment past the real length is refused with
 * the spec's words. A library video wins over a file sent alongside it.
 */
async function checkedVideos(tx: Tx, scope: Scope, videos: CourseVideo[], problems: Problem[]) {
  const out: CourseVideo[] = [];
  for (const [i, video] of videos.entries()) {
    let file = video.file;
    let fileUrl = file;
    if (video.videoId) {
      const library = await findLive(tx, scope, 'Video', video.videoId);
      if (!library) {
        problems.push({ path: `videos.${i}.videoId`, message: COURSE_VIDEO_MISSING });
        out.push(video);
        continue;
      }
      file = '';
      fileUrl = String((library.data as { file?: string }).file ?? '');
    }
    const media = fileUrl ? await mediaOfFile(tx, scope.companyId, fileUrl) : undefined;
    if (!video.videoId) {
      const refusal = media ? mediaRefusalFor('video', media) : COURSE_VIDEO_MISSING;
      if (refusal) problems.push({ path: `videos.${i}.file`, message: refusal });
    }
    const durationSeconds = Math.round(media?.durationSeconds ?? 0);
    if (video.popupSeconds !== null && video.popupSeconds > durationSeconds)
      problems.push({ path: `videos.${i}.popupSeconds`, message: POPUP_AFTER_END });
    out.push({ ...video, file, durationSeconds, fileSize: media?.size ?? 0 });
  }
  return out;
}

/**
 * An assignment course: its topic, departments, quizzes and library videos are live rows of the
 * company; the videos' lengths and sizes come from the stored media; who created it is kept and
 * who saved it last is the writer. With a seat limit, the users it assigns (course-audience.ts)
 * must fit in it.
 */
export const courseRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    const problems: Problem[] = [];
    const topicId = fields.topicId;
    if (typeof topicId === 'string' && !(await findLive(tx, scope, 'Topic', topicId)))
      problems.push({ path: 'topicId', message: COURSE_TOPIC_MISSING });
    const departmentIds = [...new Set((fields.departmentIds as string[] | undefined) ?? [])];
    if (await someDepartmentMissing(tx, scope, departmentIds))
      problems.push({ path: 'departmentIds', message: COURSE_DEPARTMENT_MISSING });
    const quizIds = [...new Set((fields.quizIds as string[] | undefined) ?? [])];
    problems.push(...(await quizProblems(tx, scope, quizIds)));
    problems.push(...(await certificateProblems(tx, scope, fields, quizIds)));
    const videos = await checkedVideos(
      tx,
      scope,
      (fields.videos as CourseVideo[] | undefined) ?? [],
      problems,
    );
    if (problems.length) throw invalid(problems);

    const seatLimit = Number(fields.seatLimit ?? 0);
    if (seatLimit > 0) {
      const wanted = (
        await assignedUserIds(tx, scope.companyId, { id, allUsers: fields.allUsers === true, departmentIds })
      ).size;
      if (wanted > seatLimit)
        throw invalid([{ path: 'seatLimit', message: seatsExceeded(seatLimit, wanted) }]);
    }
    const existing = await recordsRepository.find(tx, scope, id);
    const createdBy = existing
      ? ((existing.data as { createdBy?: string | null }).createdBy ?? null)
      : scope.userId;
    return { departmentIds, quizIds, videos, createdBy, modifiedBy: scope.userId };
  },

  /** A deleted course takes its user list with it (tombstones, so every console drops them too). */
  async beforeDelete(tx, scope, id) {
    const enrolments = await tx
      .select({ id: records.id })
      .from(records)
      .where(
        and(
          eq(records.companyId, scope.companyId),
          eq(records.resource, 'Enrolment'),
          isNull(records.deletedAt),
          sql`${records.data} ->> 'courseId' = ${id}`,
        ),
      );
    const enrolmentScope = { ...scope, resource: 'Enrolment' };
    for (const e of enrolments) await recordsRepository.remove(tx, enrolmentScope, e.id);
  },
};
