import type { SystemStyleObject } from '@chakra-ui/react';
// Relative, so that Node can load these in the build (scripts/chakra-global-css.ts).
import { pageTrailCss } from '../ui/page-trail-styles.ts';
import { listHeaderCss } from '../ui/resource/list/header-styles.ts';
import { rowsCss, tableCss } from '../ui/resource/list/list-styles.ts';
import { cookieNoticeCss } from './cookie-notice-styles.ts';
import { navCss } from './layout/nav-styles.ts';
import { topBarCss } from './layout/top-bar-styles.ts';

/**
 * The styles of the plain elements that stand in for Chakra components where a component per
 * element cost too much (the top bar, the drawer, a list's rows), by class name. The build adds
 * them to the theme's global rules in the main stylesheet (scripts/chakra-global-css.ts); as a
 * `css` prop they were serialized and inserted at every start, before the first paint (issue 14).
 * They are in the stylesheet's base layer, so any Chakra component's own styles win over them.
 */
export const classStyles: Record<string, SystemStyleObject> = {
  '.lac-top-bar': topBarCss,
  '.lac-nav': navCss,
  '.lac-rows': rowsCss,
  '.lac-trail': pageTrailCss,
  ...tableCss,
  ...listHeaderCss,
  '.lac-cookie-notice': cookieNoticeCss,
  '.lac-sr-only': { srOnly: true },
};
