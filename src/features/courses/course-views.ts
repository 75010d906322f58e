import { msg } from '@lingui/core/macro';
import { certificateProblem } from '#contract/resources/certificate.ts';
import {
  CERTIFICATE_SENDING,
  COURSE_CHANNELS,
  COURSE_VIEW_SETTINGS,
  ENROLMENT_STATUSES,
  POST_TEST_CONDITIONS,
} from '#contract/resources/course.ts';
import { defineView, type FieldView } from '@/ui/resource/view-config';
import { courseCertificatesPath, courseReportPath, courseUsersPath, courseVideosPath } from './course-paths';
import { quizProblem, seatProblem } from './course-rules';

const CHANNEL_LABELS = {
  inbox: msg`Inbox`,
  push: msg`Push`,
  email: msg`E-mail`,
  line: msg`LINE`,
} as const;
const VIEW_SETTING_LABELS = { all: msg`All users`, group: msg`Assigned users and groups` } as const;
const POST_TEST_LABELS = {
  finishAll: msg`After watching all contents`,
  watchPart: msg`After starting to watch (no need to finish)`,
  anytime: msg`Anytime`,
} as const;
export const STATUS_LABELS = {
  enrolled: msg`Enrolled`,
  requested: msg`Requested`,
  refused: msg`Refused`,
} as const;

const SENDING_LABELS = {
  auto: msg`Automatically when the learner passes`,
  manual: msg`Manually, by an administrator`,
} as const;

const byUser = { resource: 'User', labelFields: ['firstName', 'lastName'] } as const;

const courseFields = {
  cover: { label: msg`Picture background`, widget: { kind: 'image' } },
  name: { label: msg`Course name`, widget: { kind: 'text' } },
  description: { label: msg`Description`, widget: { kind: 'textarea' } },
  topicId: { label: msg`Category`, widget: { kind: 'ref', resource: 'Topic', labelFields: ['title'] } },
  startAt: { label: msg`Start date`, widget: { kind: 'datetime' }, half: true },
  endAt: { label: msg`End date`, widget: { kind: 'datetime' }, half: true },
  expiresAt: { label: msg`Expiry date`, widget: { kind: 'datetime' }, half: true },
  periodHours: { label: msg`Period (hours)`, widget: { kind: 'number' }, half: true },
  channels: {
    label: msg`Notification channels`,
    widget: { kind: 'checks', options: COURSE_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] })) },
  },
  viewSetting: {
    label: msg`Who sees the course`,
    widget: {
      kind: 'select',
      options: COURSE_VIEW_SETTINGS.map((v) => ({ value: v, label: VIEW_SETTING_LABELS[v] })),
    },
    half: true,
  },
  seatLimit: { label: msg`Seat limit (0: no limit)`, widget: { kind: 'number' }, half: true },
  allUsers: { label: msg`Assign to all users`, widget: { kind: 'switch' }, half: true },
  departmentIds: {
    label: msg`Departments and groups`,
    widget: { kind: 'refs', resource: 'Department', labelFields: ['name'], noneLabel: msg`No group chosen.` },
    visibleWhen: (v) => v.allUsers !== 'true',
  },
  mustWatchInOrder: { label: msg`Must watch in order`, widget: { kind: 'switch' }, half: true },
  prohibitForward: { label: msg`Prohibit forward`, widget: { kind: 'switch' }, half: true },
  quizIds: {
    label: msg`Quizzes (up to 2; a pre-post quiz counts as both)`,
    widget: { kind: 'refs', resource: 'Quiz', labelFields: ['name'], noneLabel: msg`No quiz.` },
  },
  postTestCondition: {
    label: msg`Post-test opens`,
    widget: {
      kind: 'select',
      options: POST_TEST_CONDITIONS.map((v) => ({ value: v, label: POST_TEST_LABELS[v] })),
    },
  },
  certificate: { label: msg`Certificate for those who pass`, widget: { kind: 'switch' } },
  certificateTemplateId: {
    label: msg`Certificate template`,
    widget: { kind: 'ref', resource: 'CertificateTemplate', labelFields: ['name'] },
    visibleWhen: (v) => v.certificate === 'true',
    half: true,
  },
  certificateSending: {
    label: msg`Certificate e-mail`,
    widget: {
      kind: 'select',
      options: CERTIFICATE_SENDING.map((v) => ({ value: v, label: SENDING_LABELS[v] })),
    },
    visibleWhen: (v) => v.certificate === 'true',
    half: true,
  },
  videos: { label: msg`Videos`, widget: { kind: 'kept' } },
  createdBy: { label: msg`Created by`, widget: { kind: 'ref', ...byUser, readOnly: true }, half: true },
  modifiedBy: { label: msg`Modified by`, widget: { kind: 'ref', ...byUser, readOnly: true }, half: true },
} satisfies Record<string, FieldView>;

/**
 * Assignment courses (/home/assignment-course, spec section 3). The videos and the users of a
 * course have pages of their own (video-list, user-list), linked from each row.
 */
export const courseView = defineView({
  resource: 'Course',
  title: msg`Assignment courses`,
  trail: [msg`Home`],
  fields: courseFields,
  columns: ['cover', 'name', 'startAt', 'endAt'],
  titleField: 'name',
  emptyHint: msg`Add a course, then choose its videos and its users.`,
  rowLinks: (row) => [
    { label: msg`Videos`, to: courseVideosPath(row.id) },
    { label: msg`Users`, to: courseUsersPath(row.id) },
    { label: msg`Course report`, to: courseReportPath(row.id) },
    ...(row.certificate === true ? [{ label: msg`Certificates`, to: courseCertificatesPath(row.id) }] : []),
  ],
  // The server decides; these say it before the save is queued (spec sections 5 and 9).
  check: async ({ db, id, payload }) => {
    const quizzes = await quizProblem(db, (payload.quizIds as string[] | undefined) ?? []);
    const seats = await seatProblem(db, {
      id,
      allUsers: payload.allUsers === true,
      departmentIds: (payload.departmentIds as string[] | undefined) ?? [],
      seatLimit: Number(payload.seatLimit ?? 0),
    });
    const linked = await Promise.all(
      ((payload.quizIds as string[] | undefined) ?? []).map((q) => db.rows('Quiz').get(q)),
    );
    const certificate = certificateProblem(
      {
        certificate: payload.certificate === true,
        certificateTemplateId: (payload.certificateTemplateId as string | null | undefined) ?? null,
      },
      linked
        .filter((q) => q && !q.deletedAt)
        .map((q) => ({ type: String(q?.type), passingScore: (q?.passingScore as number | null) ?? null })),
    );
    return {
      ...(quizzes ? { quizIds: quizzes } : {}),
      ...(seats ? { seatLimit: seats } : {}),
      ...(certificate ? { [certificate.path]: certificate.message } : {}),
    };
  },
  messages: {
    add: msg`Add course`,
    edit: msg`Edit course`,
    created: msg`Course added successfully.`,
    updated: msg`Course updated successfully.`,
    deleted: msg`Course deleted successfully.`,
  },
});

/** A user on a course's list; edited on the course's user page (and on the sync page when parked). */
export const enrolmentView = defineView({
  resource: 'Enrolment',
  title: msg`Course users`,
  trail: [msg`Home`, msg`Assignment courses`],
  fields: {
    courseId: { label: msg`Course`, widget: { kind: 'ref', resource: 'Course', labelFields: ['name'] } },
    userId: { label: msg`User`, widget: { kind: 'ref', ...byUser } },
    status: {
      label: msg`Status`,
      widget: {
        kind: 'select',
        options: ENROLMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
      },
    },
    requestedAt: { label: msg`Requested`, widget: { kind: 'kept' } },
    decidedBy: { label: msg`Decided by`, widget: { kind: 'ref', ...byUser, readOnly: true } },
  },
  columns: ['userId', 'status'],
  titleField: 'userId',
  messages: {
    add: msg`Add user to the course`,
    edit: msg`Edit course user`,
    created: msg`User added to the course.`,
    updated: msg`Course user updated.`,
    deleted: msg`User removed from the course.`,
  },
});
