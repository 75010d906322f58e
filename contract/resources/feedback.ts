import { z } from 'zod';
import { defineResource } from '../resource.ts';

/** Spec: "Feedback: fields not shown." These are what users of a feedback box expect. */
export const FEEDBACK_CATEGORIES = ['suggestion', 'problem', 'question', 'compliment'] as const;
export const FEEDBACK_STATUSES = ['new', 'inProgress', 'resolved'] as const;

export const feedback = defineResource({
  name: 'Feedback',
  area: 'feedback',
  fields: z.object({
    subject: z.string().trim().min(1, 'Please enter a subject.').max(200, 'Use at most 200 characters.'),
    message: z.string().trim().min(1, 'Please enter the message.').max(5000, 'Use at most 5000 characters.'),
    category: z.enum(FEEDBACK_CATEGORIES).default('suggestion'),
    senderName: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
    status: z.enum(FEEDBACK_STATUSES).default('new'),
    reply: z.string().trim().max(5000, 'Use at most 5000 characters.').default(''),
  }),
  searchable: ['subject', 'message', 'senderName'],
  sortable: ['subject', 'category', 'status'],
  defaultSort: { field: 'subject', dir: 'asc' },
  exportColumns: ['subject', 'message', 'category', 'senderName', 'status', 'reply'],
});
