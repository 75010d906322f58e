import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';
import { COMMUNITY_PATH, EXPERT_PATH, expertQuestionView } from './community-views';

/** /home/community (the hub with counts) and its expert consultation list. */
export const communityFeature = defineFeature({
  id: 'community',
  routes: [
    {
      path: COMMUNITY_PATH,
      page: () => import('./community-page'),
      menu: { id: 'community', group: 'home', label: msg`Community`, area: 'community' },
    },
    { path: EXPERT_PATH, view: expertQuestionView },
  ],
});
