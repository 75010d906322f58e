import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CourseVideo } from '#contract/resources/course.ts';
import {
  COURSE_VIDEO_REQUIRED,
  COURSE_VIDEO_TITLE_REQUIRED,
  POPUP_AFTER_END,
} from '#contract/resources/course-messages.ts';
import type { LocalDb } from '@/data/db/local-db';
import { readStagedFile } from '@/data/uploads/uploads';
import { formatPopupTime, mediaDuration, parsePopupTime } from './popup-time';

/** A course video being edited: the stored entry plus the popup time as typed. */
export type VideoDraft = CourseVideo & { popupText: string };
/** A contract message (English, translated by the message table) or a message of this page. */
export type DraftProblem = string | MessageDescriptor;
export type DraftErrors = Record<
  string,
  { title?: DraftProblem; file?: DraftProblem; popup?: DraftProblem; thumbnail?: DraftProblem }
>;

export const POPUP_FORMAT: MessageDescriptor = msg`Enter the time as minutes:seconds, for example 1:30.`;

export const toDrafts = (videos: unknown): VideoDraft[] =>
  (Array.isArray(videos) ? (videos as CourseVideo[]) : []).map((v) => ({
    ...v,
    popupText: formatPopupTime(v.popupSeconds),
  }));

/** The entries as the contract stores them (popup in seconds). */
export const fromDrafts = (drafts: readonly VideoDraft[]): CourseVideo[] =>
  drafts.map(({ popupText, ...v }) => {
    const popup = parsePopupTime(popupText);
    return { ...v, popupSeconds: popup === null || Number.isNaN(popup) ? null : popup };
  });

/**
 * The real length of a course video in seconds, as the server will read it: the library video's
 * `seconds`, a file staged on this device read by the browser, or what the server read at upload.
 * Null when it cannot be known here (the server still checks).
 */
export async function durationOf(
  db: LocalDb,
  v: Pick<CourseVideo, 'videoId' | 'file' | 'durationSeconds'>,
): Promise<number | null> {
  if (v.videoId) {
    const video = await db.rows('Video').get(v.videoId);
    return typeof video?.seconds === 'number' && video.seconds > 0 ? video.seconds : null;
  }
  if (!v.file) return null;
  const blob = await readStagedFile(db, v.file);
  if (blob) return mediaDuration(blob);
  return v.durationSeconds > 0 ? v.durationSeconds : null;
}

/** Every entry's problems, by entry id, and the lengths found on the way. */
export async function checkDrafts(db: LocalDb, drafts: readonly VideoDraft[]) {
  const errors: DraftErrors = {};
  const durations: Record<string, number | null> = {};
  for (const d of drafts) {
    const e: DraftErrors[string] = {};
    if (!d.title.trim()) e.title = COURSE_VIDEO_TITLE_REQUIRED;
    if (!d.videoId && !d.file) e.file = COURSE_VIDEO_REQUIRED;
    const popup = parsePopupTime(d.popupText);
    const duration = await durationOf(db, d);
    durations[d.id] = duration;
    if (popup !== null && Number.isNaN(popup)) e.popup = POPUP_FORMAT;
    else if (popup !== null && duration !== null && popup > duration) e.popup = POPUP_AFTER_END;
    if (Object.keys(e).length) errors[d.id] = e;
  }
  return { errors, durations };
}
