import { z } from 'zod';
import { defineResource } from '../resource.ts';
import { CONTENT_RESOURCES } from './content.ts';

/** Refusal of any write to a store item through the generic API or sync. */
export const STORE_READ_ONLY = 'The content store is read-only: add an item to your library instead.';
/** Refusal of a second "Add to library" of the same item by one company. */
export const STORE_ALREADY_ADDED = 'This item is already in your library.';
export const STORE_ITEM_MISSING = 'This store item does not exist or was withdrawn.';

/** The company whose records are the content store, offered to every company (never signs in). */
export const PLATFORM_COMPANY_ID = 'platform';

/**
 * A ready-made article, sound or video of the content store (spec section 2: "Store"), published
 * by the platform and readable by every company with the store area. A company takes one into its
 * library with AddToLibrary, which copies it into a topic of its own. The type names are plain
 * text: types of content and knowledge are master data of each company.
 */
export const storeItem = defineResource({
  name: 'StoreItem',
  area: 'store',
  readOnly: true,
  fields: z.object({
    kind: z.enum(CONTENT_RESOURCES),
    title: z.string().trim().min(1).max(200),
    description: z.string().trim().max(2000).default(''),
    cover: z.string().max(500).default(''),
    file: z.string().max(500).default(''),
    /** An article's text (paragraphs separated by blank lines). */
    body: z.string().max(200_000).default(''),
    minutes: z.number().int().min(0).max(100_000).default(0),
    fileSize: z.number().int().min(0).default(0),
    typeOfContentName: z.string().max(200).default(''),
    typeOfKnowledgeName: z.string().max(200).default(''),
  }),
  searchable: ['title', 'description', 'typeOfContentName', 'typeOfKnowledgeName'],
  sortable: ['title', 'kind'],
  defaultSort: { field: 'title', dir: 'asc' },
  exportColumns: [
    'kind',
    'title',
    'description',
    'minutes',
    'fileSize',
    'typeOfContentName',
    'typeOfKnowledgeName',
  ],
  files: { cover: 'cover', file: 'file' },
});

export const addToLibraryRequest = z.object({
  storeItemId: z.uuid(),
  topicId: z.uuid('Choose a topic.'),
});
export type AddToLibraryRequest = z.infer<typeof addToLibraryRequest>;

/** One item a company took into its library: the store item and the content made from it. */
export const storeAddition = z.object({
  storeItemId: z.uuid(),
  resource: z.enum(CONTENT_RESOURCES),
  contentId: z.uuid(),
  createdAt: z.string(),
});
export type StoreAddition = z.infer<typeof storeAddition>;

/** The answer of AddToLibrary: the addition, and the content it made (which also arrives by Pull). */
export const addToLibraryAnswer = storeAddition.extend({
  /** The content's id, as `contentId`. */
  id: z.uuid(),
  content: z.record(z.string(), z.unknown()),
});
