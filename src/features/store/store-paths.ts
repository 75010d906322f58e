import type { ContentResource } from '#contract/resources/content.ts';

export const STORE_PATH = '/home/store';
export const KIND_PATHS: Record<ContentResource, string> = {
  Article: '/home/store/article',
  Sound: '/home/store/sound',
  Video: '/home/store/video',
};
export const articleViewPath = (id: string) => `/home/store/article/articleview?id=${encodeURIComponent(id)}`;
