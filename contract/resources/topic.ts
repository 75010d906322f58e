import { z } from 'zod';
import { defineResource } from '../resource.ts';

export const TOPIC_PARENT_NOT_MAIN = 'Choose a main topic as the parent: the library has two levels.';
export const TOPIC_HAS_SUB_TOPICS = 'A topic with sub-topics cannot become a sub-topic.';
export const TOPIC_TITLE_TAKEN = 'A topic with this title already exists here.';
/** Refusal of a delete while sub-topics or contents remain (the counts are part of the message). */
export const topicInUse = (subTopics: number, contents: number) =>
  `This topic still has ${subTopics} sub-topic(s) and ${contents} content(s). Delete or move them first.`;
export const TOPIC_IN_USE =
  /^This topic still has (\d+) sub-topic\(s\) and (\d+) content\(s\)\. Delete or move them first\.$/;

/**
 * A library topic (spec section 3: title, description, picture background). `parentId` makes it
 * a sub-topic: the library has two levels (/home/library/{name}/{subName}).
 */
export const topic = defineResource({
  name: 'Topic',
  area: 'library',
  fields: z.object({
    title: z.string().trim().min(1, 'Please enter a title.').max(200, 'Use at most 200 characters.'),
    description: z.string().trim().max(2000, 'Use at most 2000 characters.').default(''),
    background: z.string().max(500).default(''),
    parentId: z.uuid().nullable().default(null),
  }),
  searchable: ['title', 'description'],
  sortable: ['title'],
  defaultSort: { field: 'title', dir: 'asc' },
  exportColumns: ['title', 'description', 'parentId'],
  files: { background: 'cover' },
});
