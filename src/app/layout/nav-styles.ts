import type { SystemStyleObject } from '@chakra-ui/react';
// Relative: the build loads this file in Node (app/class-styles.ts).
import { ghostButtonCss } from '../../ui/ghost-button-css.ts';

/**
 * The drawer's styles, those of its list's class `lac-nav` (in the main stylesheet, app/class-styles.ts). Its items are plain links and buttons with these
 * class names rather than Chakra components (issue 14: about 80 of them were a good part of every
 * start's first render). An item looks like Chakra's Button, size "sm", variant "ghost".
 */
export const navCss: SystemStyleObject = {
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: '3',
  m: '0',
  '& li': { listStyleType: 'none' },
  '& .lac-nav-hint': { px: '3', fontSize: 'xs', color: 'fg.muted' },
  '& .lac-nav-heading': {
    fontSize: 'xs',
    fontWeight: 'semibold',
    textTransform: 'uppercase',
    color: 'fg.muted',
    px: '3',
    mb: '1',
  },
  '& .lac-nav-items': { display: 'flex', flexDirection: 'column', gap: '0.5', m: '0', p: '0' },
  '& .lac-nav-item': {
    ...ghostButtonCss,
    display: 'flex',
    justifyContent: 'flex-start',
    gap: '2',
    w: 'full',
    minH: '9',
    px: '3.5',
    py: '1.5',
    color: 'colorPalette.fg',
    textStyle: 'sm',
    lineHeight: '1.2',
    fontWeight: 'normal',
    textAlign: 'start',
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
  },
  '& .lac-nav-item:hover': { bg: 'colorPalette.subtle' },
  '& .lac-nav-item[aria-current=page]': { bg: 'blue.50', color: 'blue.700', fontWeight: 'semibold' },
  '& .lac-nav-item[aria-disabled=true]': { color: 'gray.500', layerStyle: 'disabled' },
};
