import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';

/** The activity log (issue 15): who changed what, when and from where; for administrators. */
export const activityLogFeature = defineFeature({
  id: 'activity-log',
  routes: [
    {
      path: '/user-management/activity-log',
      page: () => import('./activity-log-page'),
      menu: { id: 'activity-log', group: 'usermanagement', label: msg`Activity log`, area: 'userManagement' },
    },
  ],
});
