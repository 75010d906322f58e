import { banner } from './resources/banner.ts';
import { faq } from './resources/faq.ts';
import { feedback } from './resources/feedback.ts';
import { typeOfContent } from './resources/type-of-content.ts';
import { typeOfKnowledge } from './resources/type-of-knowledge.ts';

/** Every resource of the product, keyed by its API name. */
export const RESOURCES = {
  TypeOfContent: typeOfContent,
  TypeOfKnowledge: typeOfKnowledge,
  Banner: banner,
  Faq: faq,
  Feedback: feedback,
} as const;
export type ResourceName = keyof typeof RESOURCES;
export const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];
