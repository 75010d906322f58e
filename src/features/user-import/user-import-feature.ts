import { defineFeature } from '@/ui/feature/feature';

/** Reached from the Users tab ("Import from Excel"), not from the drawer. */
export const userImportFeature = defineFeature({
  id: 'user-import',
  routes: [
    { path: '/user-management/import', page: () => import('@/features/user-import/user-import-page') },
  ],
});
