import { defineFeature } from '@/ui/feature/feature';

/** The inbox opens from the top bar's bell, not from the drawer. */
export const inboxFeature = defineFeature({
  id: 'inbox',
  routes: [{ path: '/inbox', page: () => import('@/features/inbox/inbox-page') }],
});
