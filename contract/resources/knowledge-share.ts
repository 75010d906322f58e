import { z } from 'zod';
import { defineResource } from '../resource.ts';

export const LESSON_BODY_REQUIRED = 'Please write the lesson.';
export const MAX_ATTACHMENTS = 10;

/**
 * A shared lesson (knowledge sharing, /home/lesson-learn): what someone learned, with pictures,
 * PDFs, videos or sounds attached. The author is set by the server to whoever created it.
 */
export const knowledgeShare = defineResource({
  name: 'KnowledgeShare',
  area: 'lessonLearn',
  fields: z.object({
    title: z.string().trim().min(1, 'Please enter a title.').max(200, 'Use at most 200 characters.'),
    body: z.string().trim().min(1, LESSON_BODY_REQUIRED).max(20_000, 'Use at most 20000 characters.'),
    typeOfKnowledgeId: z.uuid().nullable().default(null),
    attachments: z.array(z.string().max(500)).max(MAX_ATTACHMENTS).default([]),
    published: z.boolean().default(false),
    /** Server-set: the user who created the lesson. */
    authorId: z.uuid().nullable().default(null),
  }),
  searchable: ['title', 'body'],
  sortable: ['title'],
  defaultSort: { field: 'title', dir: 'asc' },
  exportColumns: ['title', 'typeOfKnowledgeId', 'authorId', 'published', 'attachments'],
  files: { attachments: 'file' },
});
