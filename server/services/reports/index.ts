import type { ReportAnswer, ReportName } from '#contract/reports.ts';
import type { Db } from '../../db/client.ts';
import { byTypeOfContent, byTypeOfKnowledge, contentViewing } from './content-reports.ts';
import type { ParsedReportRequest, Who } from './shared.ts';
import { assignmentCourse, requestedUser, userActivity, userCourseStatus } from './user-reports.ts';

export { dashboard } from './dashboard.ts';
export type { ParsedReportRequest } from './shared.ts';

/** The service of each report of contract/reports.ts. */
export const REPORT_SERVICES: {
  [N in ReportName]: (db: Db, who: Who, req: ParsedReportRequest, now: Date) => Promise<ReportAnswer<N>>;
} = {
  UserActivity: userActivity,
  UserCourseStatus: userCourseStatus,
  ByTypeOfKnowledge: byTypeOfKnowledge,
  ByTypeOfContent: byTypeOfContent,
  ContentViewing: contentViewing,
  RequestedUser: requestedUser,
  AssignmentCourse: assignmentCourse,
};
