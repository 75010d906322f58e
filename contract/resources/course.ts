import { z } from 'zod';
import { defineResource } from '../resource.ts';
import {
  CERTIFICATE_TEMPLATE_REQUIRED,
  COURSE_END_BEFORE_START,
  COURSE_END_REQUIRED,
  COURSE_EXPIRY_BEFORE_END,
  COURSE_EXPIRY_INVALID,
  COURSE_NAME_REQUIRED,
  COURSE_QUIZ_LIMIT,
  COURSE_START_REQUIRED,
  COURSE_VIDEO_REQUIRED,
  COURSE_VIDEO_TITLE_REQUIRED,
  ENROLMENT_COURSE_MISSING,
  ENROLMENT_USER_MISSING,
  SEAT_LIMIT_RANGE,
} from './course-messages.ts';

/** Spec section 3: the channels that tell learners about the course. */
export const COURSE_CHANNELS = ['inbox', 'push', 'email', 'line'] as const;
/** `courseAllorGroup` (spec section 6): every user of the company sees it, or only those assigned. */
export const COURSE_VIEW_SETTINGS = ['all', 'group'] as const;
/** Spec section 4: when a learner may open the post-test. */
export const POST_TEST_CONDITIONS = ['finishAll', 'watchPart', 'anytime'] as const;
export type PostTestCondition = (typeof POST_TEST_CONDITIONS)[number];
export const MAX_COURSE_VIDEOS = 100;
export const MAX_COURSE_QUIZZES = 2;
/** How a course's certificate reaches the learner (spec section 3): e-mailed on passing, or by an admin. */
export const CERTIFICATE_SENDING = ['auto', 'manual'] as const;

const isInstant = (v: string) => z.iso.datetime({ offset: true }).safeParse(v).success;

/**
 * One video of a course (spec section 3): a library video (`videoId`) or one uploaded for the course
 * (`file`). `durationSeconds` and `fileSize` are read by the server from the media; `popupSeconds`
 * (the moment a question pops up) must not exceed the duration. Order is the list's order.
 */
export const courseVideo = z.object({
  id: z.uuid(),
  videoId: z.uuid().nullable().default(null),
  file: z.string().max(500).default(''),
  title: z.string().trim().min(1, COURSE_VIDEO_TITLE_REQUIRED).max(200, 'Use at most 200 characters.'),
  description: z.string().trim().max(2000, 'Use at most 2000 characters.').default(''),
  thumbnail: z.string().max(500).default(''),
  popupSeconds: z.number().int().min(0).max(100_000).nullable().default(null),
  allowDownload: z.boolean().default(false),
  durationSeconds: z.number().int().min(0).default(0),
  fileSize: z.number().int().min(0).default(0),
});
export type CourseVideo = z.infer<typeof courseVideo>;

/**
 * An assignment course (spec section 3, /home/assignment-course). Who takes it: every active user
 * (`allUsers`), the members of `departmentIds`, and the users of its enrolments (resource
 * `Enrolment`). The progress rules that turn learner calls into states are in
 * server/services/course-progress.ts (and docs/course-progress.md).
 */
export const course = defineResource({
  name: 'Course',
  area: 'course',
  fields: z.object({
    name: z.string().trim().min(1, COURSE_NAME_REQUIRED).max(200, 'Use at most 200 characters.'),
    description: z.string().trim().max(2000, 'Use at most 2000 characters.').default(''),
    cover: z.string().max(500).default(''),
    /** Learners may start from this instant. */
    startAt: z.iso.datetime({ offset: true, message: COURSE_START_REQUIRED }),
    /** Learners should have finished by this instant; after it an unfinished course is late ("delay"). */
    endAt: z.iso.datetime({ offset: true, message: COURSE_END_REQUIRED }),
    /** After this instant an unfinished course is "not finished" and a finish counts as after expiry. */
    expiresAt: z
      .string()
      .refine((v) => v === '' || isInstant(v), COURSE_EXPIRY_INVALID)
      .nullable()
      .default(null),
    /** Training hours credited to a learner who finishes (the spec's "period"). */
    periodHours: z.number().min(0).max(10_000).default(0),
    channels: z.array(z.enum(COURSE_CHANNELS)).max(COURSE_CHANNELS.length).default(['inbox']),
    viewSetting: z.enum(COURSE_VIEW_SETTINGS).default('group'),
    /** Assigned to every active user of the company (the spec's all-user flag). */
    allUsers: z.boolean().default(false),
    /** Departments and groups whose members are assigned. */
    departmentIds: z.array(z.uuid()).max(200).default([]),
    /** Seats ("limitation"); 0: no limit. Enrolled and remaining are counted, never stored. */
    seatLimit: z
      .number(SEAT_LIMIT_RANGE)
      .int(SEAT_LIMIT_RANGE)
      .min(0, SEAT_LIMIT_RANGE)
      .max(1_000_000)
      .default(0),
    /** Category: a library topic. */
    topicId: z.uuid().nullable().default(null),
    mustWatchInOrder: z.boolean().default(false),
    prohibitForward: z.boolean().default(false),
    videos: z
      .array(courseVideo)
      .max(MAX_COURSE_VIDEOS, `Use at most ${MAX_COURSE_VIDEOS} videos.`)
      .default([]),
    /** Up to 2 quizzes; a pre-post quiz fills both places (spec sections 5 and 9). */
    quizIds: z.array(z.uuid()).max(MAX_COURSE_QUIZZES, COURSE_QUIZ_LIMIT).default([]),
    postTestCondition: z.enum(POST_TEST_CONDITIONS).default('finishAll'),
    /** A certificate for those who pass (spec sections 3 and 5): its template and how it is e-mailed. */
    certificate: z.boolean().default(false),
    certificateTemplateId: z.uuid().nullable().default(null),
    certificateSending: z.enum(CERTIFICATE_SENDING).default('auto'),
    /** Server-set: who created the course and who changed it last. */
    createdBy: z.uuid().nullable().default(null),
    modifiedBy: z.uuid().nullable().default(null),
  }),
  refine: (v, ctx) => {
    if (Date.parse(v.endAt) <= Date.parse(v.startAt))
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: COURSE_END_BEFORE_START });
    if (v.expiresAt && isInstant(v.expiresAt) && Date.parse(v.expiresAt) < Date.parse(v.endAt))
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: COURSE_EXPIRY_BEFORE_END });
    if (v.certificate && !v.certificateTemplateId)
      ctx.addIssue({
        code: 'custom',
        path: ['certificateTemplateId'],
        message: CERTIFICATE_TEMPLATE_REQUIRED,
      });
    v.videos.forEach((video, i) => {
      if (!video.videoId && !video.file)
        ctx.addIssue({ code: 'custom', path: ['videos', i, 'videoId'], message: COURSE_VIDEO_REQUIRED });
    });
  },
  searchable: ['name', 'description'],
  sortable: ['name', 'startAt', 'endAt'],
  defaultSort: { field: 'startAt', dir: 'desc' },
  exportColumns: [
    'name',
    'startAt',
    'endAt',
    'expiresAt',
    'periodHours',
    'seatLimit',
    'topicId',
    'viewSetting',
    'allUsers',
  ],
  files: { cover: 'cover' },
  listFiles: { videos: { file: 'video', thumbnail: 'cover' } },
});

/** Spec section 4 and issue 9: a learner's place on a course's user list. */
export const ENROLMENT_STATUSES = ['enrolled', 'requested', 'refused'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/**
 * One user on a course's user list (/home/assignment-course/user-list): assigned by an admin
 * (`enrolled`), or a learner's request for a course they have no rights to yet (`requested`, made
 * by the learner call `Learner/RequestCourseAccess`), which an admin accepts (`enrolled`, within
 * the seats) or refuses (`refused`). One live row per course and user.
 */
export const enrolment = defineResource({
  name: 'Enrolment',
  area: 'course',
  fields: z.object({
    courseId: z.uuid(ENROLMENT_COURSE_MISSING),
    userId: z.uuid(ENROLMENT_USER_MISSING),
    status: z.enum(ENROLMENT_STATUSES).default('enrolled'),
    /** Server-set: when the learner asked (requests only), and who last accepted or refused. */
    requestedAt: z.string().nullable().default(null),
    decidedBy: z.uuid().nullable().default(null),
  }),
  searchable: [],
  sortable: ['status'],
  defaultSort: { field: 'status', dir: 'asc' },
  exportColumns: ['courseId', 'userId', 'status', 'requestedAt'],
});
