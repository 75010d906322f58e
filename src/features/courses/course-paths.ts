/** The course pages (spec section 2), each addressed by the course's id in the query. */
export const COURSES_PATH = '/home/assignment-course';
export const courseVideosPath = (id: string) => `${COURSES_PATH}/video-list?course=${encodeURIComponent(id)}`;
export const courseUsersPath = (id: string) => `${COURSES_PATH}/user-list?course=${encodeURIComponent(id)}`;
/** Each learner's state and test results (course-report-page.tsx). */
export const courseReportPath = (id: string) =>
  `${COURSES_PATH}/courselist-report?course=${encodeURIComponent(id)}`;
/** The certificates issued for the course, their e-mails, send and resend (course-certificates-page.tsx). */
export const courseCertificatesPath = (id: string) =>
  `${COURSES_PATH}/certificate-history?course=${encodeURIComponent(id)}`;
