import { msg } from '@lingui/core/macro';
import { DEEP_LINK_TARGETS, newLinkCode, TARGET_NAME_FIELD } from '#contract/resources/deep-link.ts';
import { CodeCell, QrIcon, TargetCell } from '@/features/deep-links/deep-link-cells';
import { QrDialog } from '@/features/deep-links/qr-dialog';
import { TARGET_LABELS } from '@/features/deep-links/target-kinds';
import { defineFeature } from '@/ui/feature/feature';
import { defineView } from '@/ui/resource/view-config';

/**
 * Deep links (/home/DeepLink, issue 8): a short link and QR code that opens a topic or a content
 * in the learner app. The code is made here when the form opens, so the QR code works offline
 * at once; the server keeps it if no link holds it, and it never changes afterwards.
 */
export const deepLinkView = defineView({
  resource: 'DeepLink',
  title: msg`Deep links`,
  trail: [msg`Home`],
  fields: {
    targetKind: {
      label: msg`Kind of content`,
      widget: {
        kind: 'select',
        options: DEEP_LINK_TARGETS.map((k) => ({ value: k, label: TARGET_LABELS[k] })),
      },
      half: true,
    },
    targetId: {
      label: msg`Content`,
      widget: {
        kind: 'refByKind',
        kindField: 'targetKind',
        targets: Object.fromEntries(
          DEEP_LINK_TARGETS.map((k) => [k, { resource: k, labelFields: [TARGET_NAME_FIELD[k]] }]),
        ),
      },
      half: true,
    },
    title: { label: msg`Label`, widget: { kind: 'text' } },
    code: { label: msg`Short code`, widget: { kind: 'text' }, fixedOnEdit: true, half: true },
    expiresAt: { label: msg`Expires`, widget: { kind: 'datetime' }, half: true },
    clicks: { label: msg`Clicks`, widget: { kind: 'readout' } },
  },
  columns: ['code', 'title', 'targetId', 'clicks', 'expiresAt'],
  filters: ['targetKind'],
  titleField: 'code',
  cells: { code: CodeCell, targetId: TargetCell },
  rowAction: { label: (code) => msg`Show the QR code of ${code}`, icon: QrIcon, Dialog: QrDialog },
  initial: () => ({ code: newLinkCode(), targetKind: 'Topic' }),
  messages: {
    add: msg`Add deep link`,
    edit: msg`Edit deep link`,
    created: msg`Deep link added successfully.`,
    updated: msg`Deep link updated successfully.`,
    deleted: msg`Deep link deleted successfully.`,
  },
});

export const deepLinksFeature = defineFeature({
  id: 'deep-links',
  routes: [
    {
      path: '/home/DeepLink',
      view: deepLinkView,
      menu: { id: 'deep-link', group: 'home', label: msg`Deep links` },
    },
  ],
});
