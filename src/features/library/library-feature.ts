import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';
import { defineView } from '@/ui/resource/view-config';

/** Library topics (spec: title, description, picture background); a parent makes a sub-topic. */
export const topicView = defineView({
  resource: 'Topic',
  title: msg`Library`,
  trail: [msg`Home`],
  fields: {
    background: { label: msg`Picture background`, widget: { kind: 'image' } },
    title: { label: msg`Title`, widget: { kind: 'text' } },
    description: { label: msg`Description`, widget: { kind: 'textarea' } },
    parentId: {
      label: msg`Parent topic`,
      // Two levels: only a main topic can be a parent (the server refuses anything else).
      widget: { kind: 'ref', resource: 'Topic', labelFields: ['title'], choosable: (row) => !row.parentId },
    },
  },
  columns: ['background', 'title', 'description', 'parentId'],
  titleField: 'title',
  messages: {
    add: msg`Add topic`,
    edit: msg`Edit topic`,
    created: msg`Topic added successfully.`,
    updated: msg`Topic updated successfully.`,
    deleted: msg`Topic deleted successfully.`,
  },
});

export const libraryFeature = defineFeature({
  id: 'library',
  routes: [
    { path: '/home/library', view: topicView, menu: { id: 'library', group: 'home', label: msg`Library` } },
  ],
});
