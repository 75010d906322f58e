import { msg } from '@lingui/core/macro';
import { MAX_ATTACHMENTS } from '#contract/resources/knowledge-share.ts';
import { defineFeature } from '@/ui/feature/feature';
import { defineView } from '@/ui/resource/view-config';

/** Knowledge sharing (/home/lesson-learn): lessons people learned, with attachments, drafts first. */
export const knowledgeShareView = defineView({
  resource: 'KnowledgeShare',
  title: msg`Knowledge sharing`,
  trail: [msg`Home`],
  fields: {
    title: { label: msg`Title`, widget: { kind: 'text' } },
    body: { label: msg`Lesson`, widget: { kind: 'textarea' } },
    typeOfKnowledgeId: {
      label: msg`Type of knowledge`,
      widget: { kind: 'ref', resource: 'TypeOfKnowledge', labelFields: ['name'] },
      half: true,
    },
    published: { label: msg`Published`, widget: { kind: 'switch' }, half: true },
    attachments: { label: msg`Attachments`, widget: { kind: 'files', max: MAX_ATTACHMENTS } },
    authorId: {
      label: msg`Author`,
      widget: { kind: 'ref', resource: 'User', labelFields: ['firstName', 'lastName'], readOnly: true },
    },
  },
  columns: ['title', 'typeOfKnowledgeId', 'authorId', 'published', 'attachments'],
  filters: ['typeOfKnowledgeId', 'published'],
  titleField: 'title',
  emptyHint: msg`Share a lesson: what happened, what was learned, and pictures or documents that show it. Keep it as a draft until it is ready.`,
  messages: {
    add: msg`Add knowledge sharing`,
    edit: msg`Edit knowledge sharing`,
    created: msg`Knowledge sharing added successfully.`,
    updated: msg`Knowledge sharing updated successfully.`,
    deleted: msg`Knowledge sharing deleted successfully.`,
  },
});

export const knowledgeSharingFeature = defineFeature({
  id: 'knowledge-sharing',
  routes: [
    {
      path: '/home/lesson-learn',
      view: knowledgeShareView,
      menu: { id: 'lesson-learn', group: 'home', label: msg`Knowledge sharing` },
    },
  ],
});
