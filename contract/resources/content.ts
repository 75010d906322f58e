import { z } from 'zod';
import type { FileKind } from '../files.ts';
import { defineResource } from '../resource.ts';

export const CONTENT_TOPIC_REQUIRED = 'Choose a topic.';
export const CONTENT_TOPIC_MISSING = 'Choose a topic of the library: this one does not exist or was deleted.';
export const CONTENT_TYPE_MISSING = 'Choose a type that exists: this one does not exist or was deleted.';
export const CONTENT_DEPARTMENT_MISSING = 'Choose departments that exist: one of these was deleted.';
export const ARTICLE_NEEDS_BODY_OR_FILE = 'Write the article or attach its file.';
export const CONTENT_FILE_REQUIRED = 'Choose the file.';

/** Audience of a content (spec section 1): user view plus app, or all (admin, user view, app). */
export const AUDIENCES = ['userApp', 'all'] as const;

/**
 * What articles, sounds and videos share (spec section 3). `fileSize` and, for sounds and videos,
 * `minutes` are set by the server from the uploaded file; what a client sends there is ignored.
 */
const common = {
  title: z.string().trim().min(1, 'Please enter a title.').max(200, 'Use at most 200 characters.'),
  description: z.string().trim().max(2000, 'Use at most 2000 characters.').default(''),
  cover: z.string().max(500).default(''),
  topicId: z.uuid(CONTENT_TOPIC_REQUIRED),
  typeOfContentId: z.uuid().nullable().default(null),
  typeOfKnowledgeId: z.uuid().nullable().default(null),
  fileSize: z.number().int().min(0).default(0),
  allowDownload: z.boolean().default(false),
  audience: z.enum(AUDIENCES).default('all'),
  /** Empty: every department; otherwise only users of these departments/groups see it. */
  departmentIds: z.array(z.uuid()).max(200).default([]),
  allowRewind: z.boolean().default(true),
  prohibitForward: z.boolean().default(false),
  mustWatchInOrder: z.boolean().default(false),
};

const lists = {
  searchable: ['title', 'description'],
  sortable: ['title'],
  defaultSort: { field: 'title', dir: 'asc' },
  exportColumns: ['title', 'description', 'topicId', 'minutes', 'fileSize', 'allowDownload', 'audience'],
} as const;

/** The upload kind of each content's file: a video, a sound, or any document for an article. */
export const CONTENT_FILE_KINDS = {
  Article: 'file',
  Sound: 'audio',
  Video: 'video',
} as const satisfies Record<'Article' | 'Sound' | 'Video', FileKind>;

const mediaContent = <const N extends string>(name: N, kind: FileKind) =>
  defineResource({
    name,
    area: 'library',
    fields: z.object({
      ...common,
      file: z.string().trim().min(1, CONTENT_FILE_REQUIRED).max(500),
      /** Read from the media by the server. */
      minutes: z.number().int().min(0).max(100_000).default(0),
      /** The media's length in whole seconds, read by the server (a course's popup time is checked against it). */
      seconds: z.number().int().min(0).max(10_000_000).default(0),
    }),
    ...lists,
    files: { cover: 'cover', file: kind },
  });

export const sound = mediaContent('Sound', CONTENT_FILE_KINDS.Sound);
export const video = mediaContent('Video', CONTENT_FILE_KINDS.Video);

export const article = defineResource({
  name: 'Article',
  area: 'library',
  fields: z.object({
    ...common,
    file: z.string().trim().max(500).default(''),
    /** The article's text (paragraphs separated by blank lines). */
    body: z.string().max(200_000, 'Use at most 200,000 characters.').default(''),
    /** Reading time, typed by the admin. */
    minutes: z.number().int().min(0, 'Enter 0 or more minutes.').max(100_000).default(0),
  }),
  refine: (v, ctx) => {
    if (!v.file && !v.body.trim())
      ctx.addIssue({ code: 'custom', path: ['body'], message: ARTICLE_NEEDS_BODY_OR_FILE });
  },
  ...lists,
  files: { cover: 'cover', file: CONTENT_FILE_KINDS.Article },
});

/** The library's content resources, which a topic holds. */
export const CONTENT_RESOURCES = ['Article', 'Sound', 'Video'] as const;
export type ContentResource = (typeof CONTENT_RESOURCES)[number];
