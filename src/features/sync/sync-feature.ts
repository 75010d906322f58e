import { defineFeature } from '@/ui/feature/feature';

/** The sync page opens from the top bar's sync indicator, not from the drawer. */
export const syncFeature = defineFeature({
  id: 'sync',
  routes: [{ path: '/sync', page: () => import('@/features/sync/sync-page') }],
});
