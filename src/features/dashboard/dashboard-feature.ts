import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';

/** The dashboard (issue 12): the eight widgets of spec section 1 over a date range. */
export const dashboardFeature = defineFeature({
  id: 'dashboard',
  routes: [
    {
      path: '/dashboard',
      page: () => import('./dashboard-page'),
      menu: { id: 'dashboard', group: 'dashboard', label: msg`Dashboard`, area: 'dashboard' },
    },
  ],
});
