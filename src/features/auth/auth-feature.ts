import { defineFeature } from '@/ui/feature/feature';

export const authFeature = defineFeature({
  id: 'auth',
  routes: [{ path: '/login', page: () => import('@/features/auth/login-page'), guest: true }],
});
