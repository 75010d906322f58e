import type { SystemStyleObject } from '@chakra-ui/react';
// Relative: the build loads this file in Node (app/class-styles.ts).
import { mergeCss, recipeCss } from '../ui/recipe-css.ts';

/**
 * The cookie notice's styles, by class name, in the main stylesheet (app/class-styles.ts): it is
 * drawn at every start until dismissed, before the first paint. Its button looks like Chakra's
 * Button, size "sm", variant "solid", white on the dark band.
 */
export const cookieNoticeCss: SystemStyleObject = {
  bg: 'gray.900',
  color: 'white',
  px: '4',
  py: '3',
  '& > div': {
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    gap: '3',
    alignItems: { sm: 'center' },
    maxW: '5xl',
    mx: 'auto',
  },
  '& p': { fontSize: 'sm', flex: '1' },
  '& button': mergeCss(recipeCss('button', { size: 'sm', variant: 'solid' }), {
    colorPalette: 'gray',
    bg: 'white',
    color: 'gray.900',
  }),
};
