import { z } from 'zod';
import { defineResource } from '../resource.ts';

export const faq = defineResource({
  name: 'Faq',
  area: 'community',
  fields: z.object({
    question: z
      .string()
      .trim()
      .min(1, 'Please enter the question.')
      .max(1000, 'Use at most 1000 characters.'),
    answer: z.string().trim().min(1, 'Please enter the answer.').max(5000, 'Use at most 5000 characters.'),
    sendDate: z.iso.date({ message: 'Please choose the send date.' }),
  }),
  searchable: ['question', 'answer'],
  sortable: ['question', 'sendDate'],
  defaultSort: { field: 'sendDate', dir: 'desc' },
  exportColumns: ['question', 'answer', 'sendDate'],
});
