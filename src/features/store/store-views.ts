import { msg } from '@lingui/core/macro';
import { PlayIcon } from '@/ui/resource/resource-icons';
import { defineView } from '@/ui/resource/view-config';
import { StoreItemDialog } from './store-item-dialog';

/** The content store's items: read-only for every company (no add, edit or delete). */
export const storeItemView = defineView({
  resource: 'StoreItem',
  title: msg`Content store`,
  trail: [msg`Home`],
  fields: {
    cover: { label: msg`Cover image`, widget: { kind: 'image' } },
    title: { label: msg`Title`, widget: { kind: 'text' } },
    kind: {
      label: msg`Kind`,
      widget: {
        kind: 'select',
        options: [
          { value: 'Article', label: msg`Article` },
          { value: 'Sound', label: msg`Sound` },
          { value: 'Video', label: msg`Video` },
        ],
      },
    },
    description: { label: msg`Description`, widget: { kind: 'textarea' } },
    file: { label: msg`File`, widget: { kind: 'file' } },
    body: { label: msg`Article text`, widget: { kind: 'textarea' } },
    minutes: { label: msg`Time (minutes)`, widget: { kind: 'readout', unit: 'minutes' }, half: true },
    fileSize: { label: msg`File size`, widget: { kind: 'readout', unit: 'bytes' }, half: true },
    typeOfContentName: { label: msg`Type of content`, widget: { kind: 'text' }, half: true },
    typeOfKnowledgeName: { label: msg`Type of knowledge`, widget: { kind: 'text' }, half: true },
  },
  columns: ['cover', 'title', 'kind', 'minutes', 'typeOfKnowledgeName'],
  titleField: 'title',
  emptyHint: msg`The content store has no items of this kind yet.`,
  rowAction: { label: (name) => msg`Preview or add ${name}`, icon: PlayIcon, Dialog: StoreItemDialog },
  messages: {
    add: msg`Add item`,
    edit: msg`Edit item`,
    created: msg`Item added successfully.`,
    updated: msg`Item updated successfully.`,
    deleted: msg`Item deleted successfully.`,
  },
});
