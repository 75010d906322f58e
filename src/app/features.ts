import { activityLogFeature } from '@/features/activity-log/activity-log-feature';
import { bannersFeature } from '@/features/banners/banners-feature';
import { certificatesFeature } from '@/features/certificates/certificates-feature';
import { communityFeature } from '@/features/community/community-feature';
import { companyProfileFeature } from '@/features/company-profile/company-profile-feature';
import { coursesFeature } from '@/features/courses/courses-feature';
import { dashboardFeature } from '@/features/dashboard/dashboard-feature';
import { deepLinksFeature } from '@/features/deep-links/deep-links-feature';
import { emailChangeFeature } from '@/features/email-change/email-change-feature';
import { eventsFeature } from '@/features/events/events-feature';
import { faqFeature } from '@/features/faq/faq-feature';
import { feedbackFeature } from '@/features/feedback/feedback-feature';
import { inboxFeature } from '@/features/inbox/inbox-feature';
import { knowledgeSharingFeature } from '@/features/knowledge-sharing/knowledge-sharing-feature';
import { libraryFeature } from '@/features/library/library-feature';
import { masterDataFeature } from '@/features/master-data/master-data-feature';
import { notificationsFeature } from '@/features/notifications/notifications-feature';
import { quizzesFeature } from '@/features/quizzes/quizzes-feature';
import { reportsFeature } from '@/features/reports/reports-feature';
import { storeFeature } from '@/features/store/store-feature';
import { syncFeature } from '@/features/sync/sync-feature';
import { trainingRoadmapFeature } from '@/features/training-roadmap/training-roadmap-feature';
import { userImportFeature } from '@/features/user-import/user-import-feature';
import { usersFeature } from '@/features/users/users-feature';
import type { Feature } from '@/ui/feature/feature';

/**
 * Every feature of the console, one line each. The router, the drawer and the resource view
 * registry are derived from this list (app/routes.tsx, app/menu, app/resource-views.ts); a
 * feature lands by adding its line here (docs/adding-a-resource.md).
 */
export const FEATURES: readonly Feature[] = [
  emailChangeFeature,
  inboxFeature,
  libraryFeature,
  knowledgeSharingFeature,
  coursesFeature,
  certificatesFeature,
  quizzesFeature,
  storeFeature,
  deepLinksFeature,
  bannersFeature,
  communityFeature,
  faqFeature,
  eventsFeature,
  feedbackFeature,
  masterDataFeature,
  usersFeature,
  activityLogFeature,
  trainingRoadmapFeature,
  userImportFeature,
  companyProfileFeature,
  dashboardFeature,
  reportsFeature,
  notificationsFeature,
  syncFeature,
];
