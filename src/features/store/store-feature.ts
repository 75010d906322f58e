import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';
import { storeItemView } from './store-views';

/**
 * The content store (spec section 2): ready-made articles, sounds and videos offered to every
 * company, read-only; "Add to library" copies one into a topic of the company.
 */
export const storeFeature = defineFeature({
  id: 'store',
  routes: [
    {
      path: '/home/store',
      page: () => import('./store-page'),
      menu: { id: 'store', group: 'home', label: msg`Content store`, area: 'store' },
    },
    { path: '/home/store/article', page: () => import('./store-page') },
    { path: '/home/store/sound', page: () => import('./store-page') },
    { path: '/home/store/video', page: () => import('./store-page') },
    { path: '/home/store/article/articleview', page: () => import('./article-view-page') },
  ],
  views: [storeItemView],
});
