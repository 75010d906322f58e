import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';
import { articleView, soundView, topicView, videoView } from './library-views';

/** The library (spec sections 2 and 3): topics two levels deep holding articles, sounds and videos. */
export const libraryFeature = defineFeature({
  id: 'library',
  routes: [
    {
      path: '/home/library',
      page: () => import('./library-page'),
      menu: { id: 'library', group: 'home', label: msg`Library`, area: 'library' },
    },
    { path: '/home/library/:name', page: () => import('./topic-page') },
    { path: '/home/library/:name/:subName', page: () => import('./topic-page') },
  ],
  views: [topicView, articleView, soundView, videoView],
});
