import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';
import { defineView } from '@/ui/resource/view-config';

/** Master data (spec: type of content, type of knowledge): a name and a description each. */
const shared = {
  trail: [msg`Master data`],
  fields: {
    name: { label: msg`Name`, widget: { kind: 'text' } },
    description: { label: msg`Description`, widget: { kind: 'textarea' } },
  },
  columns: ['name', 'description'],
  titleField: 'name',
} as const;

export const typeOfContentView = defineView({
  ...shared,
  resource: 'TypeOfContent',
  title: msg`Type of content`,
  messages: {
    add: msg`Add type of content`,
    edit: msg`Edit type of content`,
    created: msg`Type of content added successfully.`,
    updated: msg`Type of content updated successfully.`,
    deleted: msg`Type of content deleted successfully.`,
  },
});

export const typeOfKnowledgeView = defineView({
  ...shared,
  resource: 'TypeOfKnowledge',
  title: msg`Type of knowledge`,
  messages: {
    add: msg`Add type of knowledge`,
    edit: msg`Edit type of knowledge`,
    created: msg`Type of knowledge added successfully.`,
    updated: msg`Type of knowledge updated successfully.`,
    deleted: msg`Type of knowledge deleted successfully.`,
  },
});

/** Master data has no drawer group of its own in spec section 6; it sits with the settings. */
export const masterDataFeature = defineFeature({
  id: 'master-data',
  routes: [
    {
      path: '/MasterData/type-of-content',
      view: typeOfContentView,
      menu: { id: 'type-of-content', group: 'setting', label: msg`Type of content` },
    },
    {
      path: '/MasterData/type-of-knowledge',
      view: typeOfKnowledgeView,
      menu: { id: 'type-of-knowledge', group: 'setting', label: msg`Type of knowledge` },
    },
  ],
});
