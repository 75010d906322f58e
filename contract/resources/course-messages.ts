// The course's validation messages, without zod, so the console's message table can name them
// without pulling the schemas into the sign-in page.

export const COURSE_NAME_REQUIRED = 'Please enter the name of the course.';
export const COURSE_START_REQUIRED = 'Please choose a start date and time.';
export const COURSE_END_REQUIRED = 'Please choose an end date and time.';
export const COURSE_END_BEFORE_START = 'The end must be after the start.';
export const COURSE_EXPIRY_BEFORE_END = 'The expiry date cannot be before the end date.';
export const COURSE_EXPIRY_INVALID = 'Choose a valid expiry date and time.';
/** Spec sections 5 and 9. */
export const COURSE_QUIZ_LIMIT = 'A course may link up to 2 quizzes; the pre-post option counts as both.';
export const COURSE_QUIZ_SAME_TYPE = 'Link at most one pre-test and one post-test.';
export const COURSE_QUIZ_MISSING = 'Choose quizzes that exist: one of these does not exist or was deleted.';
export const COURSE_TOPIC_MISSING = 'Choose a topic of the library: this one does not exist or was deleted.';
export const COURSE_DEPARTMENT_MISSING = 'Choose departments that exist: one of these was deleted.';
export const COURSE_VIDEO_REQUIRED = 'Choose a video of the library or upload one.';
export const COURSE_VIDEO_MISSING = 'Choose a video that exists: this one does not exist or was deleted.';
export const COURSE_VIDEO_TITLE_REQUIRED = 'Please enter a title.';
/** Spec section 5, word for word. */
export const POPUP_AFTER_END = 'Please specify again because it exceeds the actual time of the video';
export const SEAT_LIMIT_RANGE = 'Enter 0 (no limit) or more seats.';
/** Refusal of a save that would assign more people than the course has seats (numbers in it). */
export const seatsExceeded = (seats: number, wanted: number) =>
  `This course has ${seats} seat(s) and the chosen users and groups make ${wanted}. Raise the limit or choose fewer.`;
export const SEATS_EXCEEDED =
  /^This course has (\d+) seat\(s\) and the chosen users and groups make (\d+)\. Raise the limit or choose fewer\.$/;
export const ENROLMENT_TAKEN = 'This user is already on the list of this course.';
export const ENROLMENT_COURSE_MISSING = 'This course does not exist or was deleted.';
export const ENROLMENT_USER_MISSING = 'Choose a user of the company: this one does not exist or was deleted.';
/** Spec section 8: a learner who asks for a course they are not assigned to. */
export const NO_RIGHTS_TO_COURSE = 'user has no rights to this course yet, please add it';
/** Spec section 5, word for word: a course with a certificate names its template. */
export const CERTIFICATE_TEMPLATE_REQUIRED = 'A certificate template must be selected';
export const CERTIFICATE_TEMPLATE_MISSING =
  'Choose a certificate template that exists: this one was deleted.';
export const CERTIFICATE_TEMPLATE_IN_COURSE =
  'This certificate template is used by a course. Choose another template for the course first.';
export const CERTIFICATE_TEMPLATE_NAME_REQUIRED = 'Please enter the name of the template.';
