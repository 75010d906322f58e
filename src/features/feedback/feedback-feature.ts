import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';
import { defineView } from '@/ui/resource/view-config';

/** Feedback box (spec: fields not shown; contract/resources/feedback.ts has what such a box needs). */
export const feedbackView = defineView({
  resource: 'Feedback',
  title: msg`Feedback box`,
  trail: [msg`Home`],
  fields: {
    subject: { label: msg`Subject`, widget: { kind: 'text' } },
    message: { label: msg`Message`, widget: { kind: 'textarea' } },
    category: {
      label: msg`Category`,
      half: true,
      widget: {
        kind: 'select',
        options: [
          { value: 'suggestion', label: msg`Suggestion` },
          { value: 'problem', label: msg`Problem` },
          { value: 'question', label: msg`Question` },
          { value: 'compliment', label: msg`Compliment` },
        ],
      },
    },
    status: {
      label: msg`Status`,
      half: true,
      widget: {
        kind: 'select',
        options: [
          { value: 'new', label: msg`New` },
          { value: 'inProgress', label: msg`In progress` },
          { value: 'resolved', label: msg`Resolved` },
        ],
      },
    },
    senderName: { label: msg`Sender name`, widget: { kind: 'text' } },
    reply: { label: msg`Reply`, widget: { kind: 'textarea' } },
  },
  columns: ['subject', 'category', 'senderName', 'status'],
  titleField: 'subject',
  messages: {
    add: msg`Add feedback`,
    edit: msg`Edit feedback`,
    created: msg`Feedback added successfully.`,
    updated: msg`Feedback updated successfully.`,
    deleted: msg`Feedback deleted successfully.`,
  },
});

export const feedbackFeature = defineFeature({
  id: 'feedback',
  routes: [
    {
      path: '/home/feedback-box',
      view: feedbackView,
      menu: { id: 'feedback', group: 'home', label: msg`Feedback box` },
    },
  ],
});
