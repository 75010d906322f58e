import { defineFeature } from '@/ui/feature/feature';

/** The page a new e-mail address's confirmation link opens (issue 15), signed in or not. */
export const emailChangeFeature = defineFeature({
  id: 'email-change',
  routes: [{ path: '/confirm-email', page: () => import('./confirm-email-page'), open: true }],
});
