import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';
import { defineView } from '@/ui/resource/view-config';

/** Banners (spec: title, start/end date time, image, button name, action: link URL, event or course menu). */
export const bannerView = defineView({
  resource: 'Banner',
  title: msg`Banners`,
  trail: [msg`Home`],
  fields: {
    title: { label: msg`Title`, widget: { kind: 'text' } },
    startAt: { label: msg`Start date and time`, widget: { kind: 'datetime' }, half: true },
    endAt: { label: msg`End date and time`, widget: { kind: 'datetime' }, half: true },
    image: { label: msg`Banner image`, widget: { kind: 'image' } },
    buttonName: { label: msg`Button name`, widget: { kind: 'text' }, half: true },
    action: {
      label: msg`Action`,
      half: true,
      widget: {
        kind: 'select',
        options: [
          { value: 'none', label: msg`No action` },
          { value: 'link', label: msg`Link URL` },
          { value: 'event', label: msg`Event menu` },
          { value: 'course', label: msg`Course menu` },
        ],
      },
    },
    linkUrl: { label: msg`Link URL`, widget: { kind: 'url' }, visibleWhen: (v) => v.action === 'link' },
  },
  columns: ['image', 'title', 'startAt', 'endAt', 'action'],
  titleField: 'title',
  messages: {
    add: msg`Add banner`,
    edit: msg`Edit banner`,
    created: msg`Banner added successfully.`,
    updated: msg`Banner updated successfully.`,
    deleted: msg`Banner deleted successfully.`,
  },
});

export const bannersFeature = defineFeature({
  id: 'banners',
  routes: [
    { path: '/home/banner', view: bannerView, menu: { id: 'banner', group: 'home', label: msg`Banners` } },
  ],
});
