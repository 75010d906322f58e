import { z } from 'zod';
import { defineResource } from '../resource.ts';

export const BANNER_ACTIONS = ['none', 'link', 'event', 'course'] as const;
export const INVALID_URL_MESSAGE = 'Invalid URL link, please enter again.';

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

export const banner = defineResource({
  name: 'Banner',
  area: 'banner',
  fields: z.object({
    title: z.string().trim().min(1, 'Please enter a title.').max(200, 'Use at most 200 characters.'),
    startAt: z.iso.datetime({ offset: true, message: 'Please choose a start date and time.' }),
    endAt: z.iso.datetime({ offset: true, message: 'Please choose an end date and time.' }),
    image: z.string().min(1, 'Please choose a banner image.').max(500),
    buttonName: z.string().trim().max(50, 'Use at most 50 characters.').default(''),
    action: z.enum(BANNER_ACTIONS).default('none'),
    linkUrl: z.string().trim().max(2000).default(''),
  }),
  refine: (v, ctx) => {
    if (Date.parse(v.endAt) <= Date.parse(v.startAt)) {
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'The end must be after the start.' });
    }
    if (v.action === 'link' && !isHttpUrl(v.linkUrl)) {
      ctx.addIssue({ code: 'custom', path: ['linkUrl'], message: INVALID_URL_MESSAGE });
    }
  },
  searchable: ['title', 'buttonName'],
  sortable: ['title', 'startAt', 'endAt'],
  defaultSort: { field: 'startAt', dir: 'desc' },
  exportColumns: ['title', 'startAt', 'endAt', 'buttonName', 'action', 'linkUrl'],
  files: { image: 'banner' },
});
