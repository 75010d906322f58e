import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';

export const companyProfileFeature = defineFeature({
  id: 'company-profile',
  routes: [
    {
      path: '/company-profile',
      page: () => import('@/features/company-profile/company-profile-page'),
      menu: { id: 'company', group: 'companyprofile', label: msg`Company profile`, area: 'companyProfile' },
    },
  ],
});
