import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CODE_READ_ONLY_MESSAGE } from '#contract/company.ts';
import { FILE_KINDS, type FileKind, TOO_LARGE_MESSAGE } from '#contract/files.ts';
import {
  NOT_A_READABLE_PICTURE,
  NOT_AN_MP3_SOUND,
  NOT_AN_MP4_VIDEO,
  PICTURE_NOT_CROPPED,
  VIDEO_HEIGHT_BELOW,
  VIDEO_TOO_HIGH,
} from '#contract/media.ts';
import {
  SEND_AT_INVALID,
  SEND_CHANNEL_REQUIRED,
  SEND_DEPARTMENTS_REQUIRED,
  SEND_LINK_INVALID,
  SEND_LINK_MISSING,
  SEND_USERS_REQUIRED,
} from '#contract/notification-send.ts';
import {
  FILTER_NOT_TAKEN,
  RANGE_INCOMPLETE,
  RANGE_REVERSED,
  RANGE_TOO_LONG,
  SORT_UNKNOWN,
} from '#contract/reports.ts';
import { INVALID_URL_MESSAGE } from '#contract/resources/banner.ts';
import {
  ARTICLE_NEEDS_BODY_OR_FILE,
  CONTENT_DEPARTMENT_MISSING,
  CONTENT_FILE_REQUIRED,
  CONTENT_TOPIC_MISSING,
  CONTENT_TOPIC_REQUIRED,
  CONTENT_TYPE_MISSING,
} from '#contract/resources/content.ts';
import {
  CERTIFICATE_TEMPLATE_IN_COURSE,
  CERTIFICATE_TEMPLATE_MISSING,
  CERTIFICATE_TEMPLATE_NAME_REQUIRED,
  CERTIFICATE_TEMPLATE_REQUIRED,
  COURSE_EXPIRY_BEFORE_END,
  COURSE_NAME_REQUIRED,
  COURSE_QUIZ_LIMIT,
  COURSE_QUIZ_MISSING,
  COURSE_QUIZ_SAME_TYPE,
  COURSE_VIDEO_MISSING,
  COURSE_VIDEO_REQUIRED,
  ENROLMENT_COURSE_MISSING,
  ENROLMENT_TAKEN,
  ENROLMENT_USER_MISSING,
  NO_RIGHTS_TO_COURSE,
  POPUP_AFTER_END,
  SEAT_LIMIT_RANGE,
  SEATS_EXCEEDED,
} from '#contract/resources/course-messages.ts';
import {
  DEEP_LINK_CODE_FIXED,
  DEEP_LINK_CODE_FORMAT,
  DEEP_LINK_CODE_TAKEN,
  DEEP_LINK_EXPIRY_INVALID,
  DEEP_LINK_KIND_REQUIRED,
  DEEP_LINK_TARGET_MISSING,
  DEEP_LINK_TARGET_REQUIRED,
} from '#contract/resources/deep-link.ts';
import { DEPARTMENT_NAME_TAKEN } from '#contract/resources/department.ts';
import {
  ASSESSED_LEVEL_RANGE,
  ASSESSMENT_DATE_REQUIRED,
  ASSESSMENT_DUE_BEFORE,
  ASSESSMENT_IN_FUTURE,
  ASSESSMENT_USER_MISSING,
  POSITION_HAS_REQUIREMENTS,
  POSITION_HOLDER_NOT_IN_COMPANY,
  POSITION_NAME_TAKEN,
  POSITION_SECTION_MISSING,
  REQUIRED_LEVEL_RANGE,
  REQUIREMENT_POSITION_MISSING,
  REQUIREMENT_TAKEN,
  SECTION_IN_USE,
  SECTION_NAME_TAKEN,
  SKILL_COURSE_MISSING,
  SKILL_HAS_SUB_TOPICS,
  SKILL_IN_USE,
  SKILL_MISSING,
  SKILL_NAME_TAKEN,
  SKILL_NOT_ASSESSABLE,
  SKILL_PARENT_ASSESSED,
  SKILL_PARENT_MISSING,
  SKILL_PARENT_NOT_MAIN,
} from '#contract/resources/iso-setting.ts';
import { LESSON_BODY_REQUIRED } from '#contract/resources/knowledge-share.ts';
import {
  ATTEMPT_LIMIT_RANGE,
  OPTION_TEXT_REQUIRED,
  PASSING_SCORE_ABOVE_TOTAL,
  PASSING_SCORE_FIRST,
  PASSING_SCORE_RANGE,
  QUESTION_NEEDS_CORRECT,
  QUESTION_NEEDS_TWO_OPTIONS,
  QUESTION_SCORE_RANGE,
  QUESTION_TEXT_REQUIRED,
  QUIZ_IN_COURSE,
  QUIZ_NAME_REQUIRED,
  QUIZ_NEEDS_QUESTION,
  SINGLE_CHOICE_ONE_CORRECT,
  TIME_LIMIT_RANGE,
} from '#contract/resources/quiz-messages.ts';
import { OWN_ROLE_LOCKOUT, OWN_USER_LOCKOUT, ROLE_NAME_TAKEN } from '#contract/resources/role.ts';
import { STORE_ALREADY_ADDED, STORE_ITEM_MISSING, STORE_READ_ONLY } from '#contract/resources/store-item.ts';
import {
  TOPIC_HAS_SUB_TOPICS,
  TOPIC_IN_USE,
  TOPIC_PARENT_NOT_MAIN,
  TOPIC_TITLE_TAKEN,
} from '#contract/resources/topic.ts';
import {
  EMPLOYEE_ID_TAKEN,
  OWN_DEACTIVATE_MESSAGE,
  PASSWORD_MESSAGE,
  PHONE_MESSAGE,
  USERNAME_TAKEN,
} from '#contract/resources/user.ts';
import { fileProblemMessage } from '@/data/uploads/file-check';

/** The same words as the console's own check of a picked video (file-check.ts). */
const height = VIDEO_HEIGHT_BELOW;

/**
 * The contract's English validation messages (contract/resources/*.ts) mapped to catalog
 * messages, so the same rule reads in the admin's language. One table for every resource.
 */
const EXACT: Record<string, MessageDescriptor> = {
  [INVALID_URL_MESSAGE]: msg`Invalid URL link, please enter again.`,
  'Company code is required': msg`Please enter your company code.`,
  'Username is required': msg`Please enter your username.`,
  'Password is required': msg`Please enter your password.`,
  'First name is required': msg`Please enter your first name.`,
  'Last name is required': msg`Please enter your last name.`,
  'Enter a valid e-mail address': msg`Please enter a valid e-mail address.`,
  'Please enter a title.': msg`Please enter a title.`,
  [PHONE_MESSAGE]: msg`Telephone must have at least 10 digits.`,
  [PASSWORD_MESSAGE]: msg`The password must have at least 8 characters.`,
  [CODE_READ_ONLY_MESSAGE]: msg`The company code cannot be changed: everyone signs in with it. Contact support to change it.`,
  'Please enter the company name.': msg`Please enter the company name.`,
  'Please enter a valid e-mail address.': msg`Please enter a valid e-mail address.`,
  'Please enter an employee ID.': msg`Please enter an employee ID.`,
  'Please enter a first name.': msg`Please enter a first name.`,
  'Please enter a last name.': msg`Please enter a last name.`,
  'Please enter a username.': msg`Please enter a username.`,
  'Please choose a role.': msg`Please choose a role.`,
  'Please enter a password.': msg`Please enter a password.`,
  'Please enter a name.': msg`Please enter a name.`,
  'Please enter a subject.': msg`Please enter a subject.`,
  'Please enter the message.': msg`Please enter the message.`,
  'Please enter the question.': msg`Please enter the question.`,
  'Please enter the answer.': msg`Please enter the answer.`,
  'Please choose the send date.': msg`Please choose the send date.`,
  'Please choose a start date and time.': msg`Please choose a start date and time.`,
  'Please choose an end date and time.': msg`Please choose an end date and time.`,
  'Please choose the date the repetition ends.': msg`Please choose the date the repetition ends.`,
  'The repetition must end on or after the first day.': msg`The repetition must end on or after the first day.`,
  'Please choose a valid time zone.': msg`Please choose a valid time zone.`,
  'The event does not exist or was deleted.': msg`The event does not exist or was deleted.`,
  'This user or group is not part of your company.': msg`This user or group is not part of your company.`,
  'Choose either a user or a group.': msg`Choose either a user or a group.`,
  'This participant is already on the event.': msg`This participant is already on the event.`,
  'Please choose an event.': msg`Please choose an event.`,
  'Please choose a banner image.': msg`Please choose a banner image.`,
  'The end must be after the start.': msg`The end must be after the start.`,
  [EMPLOYEE_ID_TAKEN]: msg`This employee ID is already used by another user.`,
  [USERNAME_TAKEN]: msg`This username is already taken.`,
  [ROLE_NAME_TAKEN]: msg`A role with this name already exists.`,
  [DEPARTMENT_NAME_TAKEN]: msg`A department or group with this name already exists.`,
  [SECTION_NAME_TAKEN]: msg`A section with this name already exists.`,
  [POSITION_NAME_TAKEN]: msg`This section already has a position with this name.`,
  [POSITION_SECTION_MISSING]: msg`Choose a section of your company.`,
  [POSITION_HOLDER_NOT_IN_COMPANY]: msg`Every holder must be a user of your company.`,
  [POSITION_HAS_REQUIREMENTS]: msg`This position still has required levels. Delete them first.`,
  [SKILL_NAME_TAKEN]: msg`This topic already has a skill with this name.`,
  [SKILL_PARENT_MISSING]: msg`Choose a main topic of your company.`,
  [SKILL_PARENT_NOT_MAIN]: msg`A sub-topic belongs to a main topic, not to another sub-topic.`,
  [SKILL_HAS_SUB_TOPICS]: msg`This skill has sub-topics, so it stays a main topic.`,
  [SKILL_PARENT_ASSESSED]: msg`This main topic already has required levels or assessments; add the sub-topic under another topic.`,
  [SKILL_COURSE_MISSING]: msg`Every course must be a live course of your company.`,
  [SKILL_IN_USE]: msg`This skill still has sub-topics, required levels or assessments. Delete them first.`,
  [SKILL_MISSING]: msg`Choose a skill of your company.`,
  [SKILL_NOT_ASSESSABLE]: msg`This skill has sub-topics: require and assess its sub-topics instead.`,
  [REQUIREMENT_POSITION_MISSING]: msg`Choose a position of your company.`,
  [REQUIREMENT_TAKEN]: msg`This position already has a required level for this skill.`,
  [REQUIRED_LEVEL_RANGE]: msg`Choose a level from 1 to 4.`,
  [ASSESSED_LEVEL_RANGE]: msg`Choose a level from 0 to 4.`,
  [ASSESSMENT_USER_MISSING]: msg`Choose a user of your company.`,
  [ASSESSMENT_DATE_REQUIRED]: msg`Please choose the date of the assessment.`,
  [ASSESSMENT_IN_FUTURE]: msg`The assessment date cannot be in the future.`,
  [ASSESSMENT_DUE_BEFORE]: msg`The re-assessment date must be after the assessment date.`,
  [OWN_ROLE_LOCKOUT]: msg`You cannot take user management away from your own role: you would lock yourself out. Ask another administrator to change it.`,
  [OWN_USER_LOCKOUT]: msg`You cannot give yourself a role without user management: you would lock yourself out.`,
  [OWN_DEACTIVATE_MESSAGE]: msg`You cannot deactivate your own account.`,
  'Choose a role of your company.': msg`Choose a role of your company.`,
  'Choose a department of your company.': msg`Choose a department of your company.`,
  'This username or employee ID was just taken by another user.': msg`This username or employee ID was just taken by another user.`,
  'You cannot delete your own account.': msg`You cannot delete your own account.`,
  [TOPIC_PARENT_NOT_MAIN]: msg`Choose a main topic as the parent: the library has two levels.`,
  [TOPIC_HAS_SUB_TOPICS]: msg`A topic with sub-topics cannot become a sub-topic.`,
  [VIDEO_TOO_HIGH]: msg`The video must be less than ${height} pixels high. Please choose a smaller video.`,
  [NOT_AN_MP4_VIDEO]: msg`This file is not a real MP4 video: its content could not be read as one. Please choose another file.`,
  [NOT_AN_MP3_SOUND]: msg`This file is not a real MP3 sound file: its content could not be read as one. Please choose another file.`,
  [TOPIC_TITLE_TAKEN]: msg`A topic with this title already exists here.`,
  [NOT_A_READABLE_PICTURE]: msg`This picture cannot be shown: its content is damaged or is not a real picture. Please choose another file.`,
  [PICTURE_NOT_CROPPED]: msg`The picture must be exactly 800 x 450 pixels. Choose it again to crop it.`,
  [CONTENT_TOPIC_REQUIRED]: msg`Choose a topic.`,
  [CONTENT_TOPIC_MISSING]: msg`Choose a topic of the library: this one does not exist or was deleted.`,
  [CONTENT_TYPE_MISSING]: msg`Choose a type that exists: this one does not exist or was deleted.`,
  [CONTENT_DEPARTMENT_MISSING]: msg`Choose departments that exist: one of these was deleted.`,
  [ARTICLE_NEEDS_BODY_OR_FILE]: msg`Write the article or attach its file.`,
  [CONTENT_FILE_REQUIRED]: msg`Choose the file.`,
  'Enter 0 or more minutes.': msg`Enter 0 or more minutes.`,
  [LESSON_BODY_REQUIRED]: msg`Please write the lesson.`,
  'Use at most 200,000 characters.': msg`Use at most 200,000 characters.`,
  [STORE_READ_ONLY]: msg`The content store is read-only: add an item to your library instead.`,
  [STORE_ALREADY_ADDED]: msg`This item is already in your library.`,
  [STORE_ITEM_MISSING]: msg`This store item does not exist or was withdrawn.`,
  [DEEP_LINK_KIND_REQUIRED]: msg`Choose what kind of content the link opens.`,
  [DEEP_LINK_TARGET_REQUIRED]: msg`Choose the content the link opens.`,
  [DEEP_LINK_TARGET_MISSING]: msg`Choose content that exists: this one does not exist or was deleted.`,
  [DEEP_LINK_CODE_FORMAT]: msg`Use 3 to 40 letters, digits, hyphens or underscores.`,
  [DEEP_LINK_CODE_TAKEN]: msg`This short code is already in use. Choose another.`,
  [DEEP_LINK_CODE_FIXED]: msg`The short code of a link cannot change: printed QR codes use it. Make a new link instead.`,
  [DEEP_LINK_EXPIRY_INVALID]: msg`Choose a valid expiry date and time.`,
  [COURSE_NAME_REQUIRED]: msg`Please enter the name of the course.`,
  [COURSE_EXPIRY_BEFORE_END]: msg`The expiry date cannot be before the end date.`,
  [COURSE_QUIZ_LIMIT]: msg`A course may link up to 2 quizzes; the pre-post option counts as both.`,
  [COURSE_QUIZ_SAME_TYPE]: msg`Link at most one pre-test and one post-test.`,
  [COURSE_QUIZ_MISSING]: msg`Choose quizzes that exist: one of these does not exist or was deleted.`,
  [COURSE_VIDEO_REQUIRED]: msg`Choose a video of the library or upload one.`,
  [COURSE_VIDEO_MISSING]: msg`Choose a video that exists: this one does not exist or was deleted.`,
  [POPUP_AFTER_END]: msg`Please specify again because it exceeds the actual time of the video`,
  [SEAT_LIMIT_RANGE]: msg`Enter 0 (no limit) or more seats.`,
  [ENROLMENT_TAKEN]: msg`This user is already on the list of this course.`,
  [ENROLMENT_COURSE_MISSING]: msg`This course does not exist or was deleted.`,
  [ENROLMENT_USER_MISSING]: msg`Choose a user of the company: this one does not exist or was deleted.`,
  [NO_RIGHTS_TO_COURSE]: msg`user has no rights to this course yet, please add it`,
  [QUIZ_NAME_REQUIRED]: msg`Please enter the name of the quiz.`,
  [QUIZ_NEEDS_QUESTION]: msg`Add at least one question.`,
  [QUESTION_TEXT_REQUIRED]: msg`Write the question.`,
  [OPTION_TEXT_REQUIRED]: msg`Write the option.`,
  [QUESTION_NEEDS_TWO_OPTIONS]: msg`Give every question at least two options.`,
  [QUESTION_NEEDS_CORRECT]: msg`Mark at least one option as correct.`,
  [SINGLE_CHOICE_ONE_CORRECT]: msg`A single-choice question has exactly one correct option.`,
  [QUESTION_SCORE_RANGE]: msg`Give a score from 1 to 1000.`,
  [PASSING_SCORE_ABOVE_TOTAL]: msg`The passing score cannot be above the total score of the questions.`,
  [PASSING_SCORE_RANGE]: msg`Enter a passing score of 0 or more, or leave it empty.`,
  [TIME_LIMIT_RANGE]: msg`Enter a time limit from 0 (none) to 600 minutes.`,
  [ATTEMPT_LIMIT_RANGE]: msg`Enter a number of attempts from 0 (unlimited) to 100.`,
  [PASSING_SCORE_FIRST]: msg`Passing score must be specified first`,
  [CERTIFICATE_TEMPLATE_REQUIRED]: msg`A certificate template must be selected`,
  [CERTIFICATE_TEMPLATE_MISSING]: msg`Choose a certificate template that exists: this one was deleted.`,
  [CERTIFICATE_TEMPLATE_IN_COURSE]: msg`This certificate template is used by a course. Choose another template for the course first.`,
  [CERTIFICATE_TEMPLATE_NAME_REQUIRED]: msg`Please enter the name of the template.`,
  [QUIZ_IN_COURSE]: msg`This quiz is used by a course. Remove it from the course first, then delete it.`,
  'Use at most 10 options.': msg`Use at most 10 options.`,
  'Use at most 50 sections.': msg`Use at most 50 sections.`,
  'Use at most 200 questions in a section.': msg`Use at most 200 questions in a section.`,
  [SEND_CHANNEL_REQUIRED]: msg`Choose at least one channel.`,
  [SEND_DEPARTMENTS_REQUIRED]: msg`Choose at least one department or group.`,
  [SEND_USERS_REQUIRED]: msg`Choose at least one user.`,
  [SEND_LINK_INVALID]: msg`Use a web address (https://…), a deep link (/l/code) or a content, course or event from the list.`,
  [SEND_AT_INVALID]: msg`Choose a valid date and time.`,
  [SEND_LINK_MISSING]: msg`The linked content does not exist or was deleted.`,
  'Use 0 to 365 days.': msg`Use 0 to 365 days.`,
  'Use a whole number of days.': msg`Use a whole number of days.`,
  'Use letters, digits and spaces.': msg`Use letters, digits and spaces.`,
  [RANGE_TOO_LONG]: msg`The date range may cover at most 1,100 days.`,
  [RANGE_REVERSED]: msg`The end date must not be before the start date.`,
  'Unknown time zone': msg`This device's time zone is not known to the server.`,
  'Enter a date as YYYY-MM-DD': msg`Please enter a valid date.`,
  [FILTER_NOT_TAKEN]: msg`This report does not take this filter.`,
  [SORT_UNKNOWN]: msg`This report cannot be sorted by this column.`,
  [RANGE_INCOMPLETE]: msg`Give the start date, the end date and the time zone together.`,
};

const AT_MOST = /^Use at most (\d+) characters\.$/;

/** The admin-language text of a contract message; an unknown message is shown as it came. */
export function translateIssue(i18n: I18n, message: string): string {
  const exact = EXACT[message];
  if (exact) return i18n._(exact);
  const max = AT_MOST.exec(message)?.[1];
  if (max) {
    const count = i18n.number(Number(max));
    return i18n._(msg`Use at most ${count} characters.`);
  }
  const tooLargeKind = TOO_LARGE_MESSAGE.exec(message)?.[1];
  if (tooLargeKind && tooLargeKind in FILE_KINDS)
    return i18n._(fileProblemMessage('size', tooLargeKind as FileKind));
  const seats = SEATS_EXCEEDED.exec(message);
  if (seats) {
    const limit = i18n.number(Number(seats[1]));
    const wanted = i18n.number(Number(seats[2]));
    return i18n._(
      msg`This course has ${limit} seat(s) and the chosen users and groups make ${wanted}. Raise the limit or choose fewer.`,
    );
  }
  const sectionPositions = SECTION_IN_USE.exec(message)?.[1];
  if (sectionPositions) {
    const positions = i18n.number(Number(sectionPositions));
    return i18n._(msg`This section still has ${positions} position(s). Move or delete them first.`);
  }
  const inUse = TOPIC_IN_USE.exec(message);
  if (inUse) {
    const subTopics = i18n.number(Number(inUse[1]));
    const contents = i18n.number(Number(inUse[2]));
    return i18n._(
      msg`This topic still has ${subTopics} sub-topic(s) and ${contents} content(s). Delete or move them first.`,
    );
  }
  return message;
}
