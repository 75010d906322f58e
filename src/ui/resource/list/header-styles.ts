import type { SystemStyleObject } from '@chakra-ui/react';
// Relative: the build loads this file in Node (app/class-styles.ts).
import { iconCss } from '../../ghost-button-css.ts';
import { mergeCss, recipeCss } from '../../recipe-css.ts';

/** Button, size "sm", as Chakra's theme draws it, with a stroke icon. */
const button = (variant: string) =>
  mergeCss(recipeCss('button', { size: 'sm', variant }), { '& > svg': iconCss });

/**
 * The styles of a list's header (title, item count, buttons) and toolbar (the search box), by class
 * name, in the main stylesheet (app/class-styles.ts). They are plain elements rather than Chakra
 * components (issue 14: each component there was styled and inserted one by one before a list's
 * first paint); they look like those they replace: Heading, Badge "surface", Button and IconButton
 * size "sm" in an attached ButtonGroup, and an InputGroup with a search icon.
 */
export const listHeaderCss: Record<string, SystemStyleObject> = {
  '.lac-list-head': { display: 'flex', flexDirection: 'column', gap: '2' },
  '.lac-list-bar': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '3',
    alignItems: 'center',
    justifyContent: 'space-between',
  },
  '.lac-list-title': { display: 'flex', alignItems: 'center', gap: '3' },
  '.lac-list-actions': { display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' },
  '.lac-heading-xl': recipeCss('heading', { size: 'xl' }),
  '.lac-heading-lg': recipeCss('heading', { size: 'lg' }),
  '.lac-count': recipeCss('badge', { variant: 'surface', size: 'sm' }),
  '.lac-btn-outline': button('outline'),
  '.lac-btn-solid': button('solid'),
  '.lac-btn-subtle': button('subtle'),
  // IconButton: a square button whose icon is a little larger than the text.
  '.lac-btn-icon': { px: '0', py: '0', '& > svg': { fontSize: '1.2em' } },
  // ButtonGroup, attached.
  '.lac-group': {
    display: 'inline-flex',
    gap: '0',
    isolation: 'isolate',
    position: 'relative',
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'flex-start',
    '& > *': { _focusVisible: { zIndex: 1 } },
    '& > :first-child': { borderEndRadius: '0', marginEnd: '-1px' },
    '& > :last-child': { borderStartRadius: '0' },
  },
  '.lac-list-tools': { display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' },
  // InputGroup with a start element, around an Input size "md".
  '.lac-search': {
    display: 'inline-flex',
    gap: '0.5rem',
    isolation: 'isolate',
    position: 'relative',
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'flex-start',
    width: 'full',
    flex: '1',
    minW: '48',
    maxW: { md: 'sm' },
    '& > input': mergeCss(recipeCss('input', { size: 'md', variant: 'outline' }), {
      ps: 'calc(var(--input-height) - 0px)',
      bg: 'bg',
    }),
    '& > div': {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      position: 'absolute',
      zIndex: 2,
      color: 'fg.muted',
      height: 'full',
      fontSize: 'sm',
      px: '3',
      insetInlineStart: '0',
      pointerEvents: 'none',
    },
    '& > div > svg': { ...iconCss, color: 'fg.muted' },
  },
};
