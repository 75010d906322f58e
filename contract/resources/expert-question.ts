import { z } from 'zod';
import { defineResource } from '../resource.ts';

/** Spec: "expert question: question, answer, send date"; the list shows status, asker and topic. */
export const EXPERT_QUESTION_STATUSES = ['waiting', 'answered'] as const;
export const ANSWER_REQUIRED = 'Please enter the answer.';

export const expertQuestion = defineResource({
  name: 'ExpertQuestion',
  area: 'community',
  fields: z.object({
    question: z
      .string()
      .trim()
      .min(1, 'Please enter the question.')
      .max(2000, 'Use at most 2000 characters.'),
    topic: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
    /** Set by the server: who asked (the learner), their name, and when. */
    askerId: z.string().nullable().default(null),
    askerName: z.string().max(300, 'Use at most 300 characters.').default(''),
    sendDate: z.string().max(40).default(''),
    /** Set by the server from the answer. */
    status: z.enum(EXPERT_QUESTION_STATUSES).default('waiting'),
    answer: z.string().trim().max(5000, 'Use at most 5000 characters.').default(''),
    answeredAt: z.string().max(40).default(''),
  }),
  searchable: ['question', 'topic', 'askerName', 'answer'],
  sortable: ['sendDate', 'status', 'topic', 'askerName'],
  defaultSort: { field: 'sendDate', dir: 'desc' },
  exportColumns: ['question', 'topic', 'askerName', 'sendDate', 'status', 'answer', 'answeredAt'],
});

/** The learner app's question (POST /api/v1/Learner/AskExpert). */
export const askExpertRequest = z.object({
  question: z.string().trim().min(1, 'Please enter the question.').max(2000, 'Use at most 2000 characters.'),
  topic: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
});
