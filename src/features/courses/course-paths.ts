/** The course pages (spec section 2), each addressed by the course's id in the query. */
export const COURSES_PATH = '/home/assignment-course';
export const courseVideosPath = (id: string) => `${COURSES_PATH}/video-list?course=${encodeURIComponent(id)}`;
export const courseUsersPath = (id: string) => `${COURSES_PATH}/user-list?course=${encodeURIComponent(id)}`;
/** The course report page is added by the report work (not registered here). */
export const courseReportPath = (id: string) =>
  `${COURSES_PATH}/courselist-report?course=${encodeURIComponent(id)}`;
