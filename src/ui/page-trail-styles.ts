import type { SystemStyleObject } from '@chakra-ui/react';
// Relative: the build loads this file in Node (app/class-styles.ts).
import { mergeCss, slotRecipeCss } from './recipe-css.ts';

const part = (slot: string) => slotRecipeCss('breadcrumb', slot, { size: 'sm', variant: 'plain' });

/**
 * A page's breadcrumb (page-trail.tsx), as Chakra's Breadcrumb size "sm" draws it, by class name in
 * the main stylesheet (app/class-styles.ts): it heads every page, drawn before the first paint.
 */
export const pageTrailCss: SystemStyleObject = {
  // Wraps between steps on a phone rather than breaking a step's words apart.
  '& > ol': mergeCss(part('list'), { flexWrap: 'wrap', rowGap: '1' }),
  '& > ol > li:not([aria-hidden])': part('item'),
  '& > ol > li[data-text]': { color: 'fg.muted' },
  '& > ol > li[aria-hidden]': part('separator'),
  '& a': part('link'),
  '& [aria-current=page]': part('currentLink'),
};
