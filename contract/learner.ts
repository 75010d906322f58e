import { z } from 'zod';
import { CONTENT_RESOURCES } from './resources/content.ts';

// Calls of the learner app (not part of this project); what they record drives the reports.

/** A view longer than a day is a stuck player, not a view. */
export const MAX_VIEW_SECONDS = 86_400;
export const CONTENT_NOT_FOUND = 'This content does not exist or was deleted.';
export const VIEW_SECONDS_MESSAGE = `Send the seconds viewed as a whole number from 0 to ${MAX_VIEW_SECONDS}.`;

export const recordViewRequest = z.object({
  contentId: z
    .uuid('Send the id of an article, sound or video.')
    .describe('Id of an Article, Sound or Video.'),
  seconds: z
    .number(VIEW_SECONDS_MESSAGE)
    .int(VIEW_SECONDS_MESSAGE)
    .min(0, VIEW_SECONDS_MESSAGE)
    .max(MAX_VIEW_SECONDS, VIEW_SECONDS_MESSAGE)
    .describe('How long the learner viewed, read or listened, in whole seconds.'),
});
export type RecordViewRequest = z.infer<typeof recordViewRequest>;

/** One stored view: who viewed what, when and for how long. */
export const viewEvent = z.object({
  id: z.uuid(),
  userId: z.string(),
  contentId: z.uuid(),
  contentResource: z.enum(CONTENT_RESOURCES),
  seconds: z.number().int(),
  viewedAt: z.string().describe('When the server recorded the view (ISO 8601).'),
});
export type ViewEvent = z.infer<typeof viewEvent>;
