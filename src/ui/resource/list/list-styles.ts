import type { SystemStyleObject } from '@chakra-ui/react';
// Relative: the build loads this file in Node (app/class-styles.ts).
import { ghostButtonCss, iconCss } from '../../ghost-button-css.ts';
import { mergeCss, recipeCss } from '../../recipe-css.ts';

/**
 * The styles of a list's rows and cards, those of their container's class `lac-rows` (in the main
 * stylesheet, app/class-styles.ts). The parts repeated in every
 * row (the row, its cells, the select radio, the row's buttons) are plain elements with these class
 * names rather than Chakra components: a keystroke in the search box redraws a screenful of rows,
 * and a component per cell made that cost more than a frame.
 */
export const rowsCss: SystemStyleObject = {
  '& .lac-row': {
    display: 'grid',
    position: 'absolute',
    top: '0',
    left: '0',
    width: 'full',
    borderTopWidth: '1px',
    cursor: 'pointer',
  },
  '& .lac-row:hover': { bg: 'bg.subtle' },
  '& .lac-row[aria-selected=true]': { bg: 'colorPalette.subtle' },
  '& .lac-cell': { px: '3', display: 'flex', alignItems: 'center', minW: '0', fontSize: 'sm' },
  '& .lac-cell[data-align=center]': { justifyContent: 'center' },
  '& .lac-cell[data-align=end]': { justifyContent: 'flex-end' },
  '& .lac-cell[data-stack]': {
    flexDirection: 'column',
    alignItems: 'flex-start',
    justifyContent: 'center',
    gap: '0.5',
  },
  // A single long word (a department's name) is cut with an ellipsis, not drawn over the next cell.
  '& .lac-cell[data-stack] > *': { maxW: 'full', wordBreak: 'break-word' },
  '& .lac-radio': { boxSize: '4', cursor: 'pointer', accentColor: 'colorPalette.solid' },
  '& .lac-actions': { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '1' },
  // IconButton size "sm", variant "ghost".
  '& .lac-icon-button': {
    ...ghostButtonCss,
    justifyContent: 'center',
    flexShrink: '0',
    boxSize: '9',
    color: 'fg',
    // The glyph, at the button's icon size.
    '& svg': { ...iconCss, boxSize: '4' },
  },
  '& .lac-icon-button:hover': { bg: 'bg.muted' },
  '& .lac-icon-button[data-danger]': { color: 'red.fg' },
  '& .lac-icon-button[data-danger]:hover': { bg: 'red.subtle' },
};

/**
 * The table around the rows and its column headings, by class name (app/class-styles.ts); a
 * sortable heading is a button like Chakra's Button, size "xs", variant "ghost".
 */
export const tableCss: Record<string, SystemStyleObject> = {
  '.lac-table': { bg: 'bg', borderWidth: '1px', rounded: 'md' },
  '.lac-thead': { position: 'sticky', top: '14', zIndex: '1', bg: 'bg.muted', roundedTop: 'md' },
  '.lac-thead-row': { display: 'grid', h: '11', fontSize: 'sm' },
  '.lac-th': { display: 'flex', alignItems: 'center', px: '3', minW: '0', fontWeight: 'semibold' },
  '.lac-th-text': { truncate: true, fontSize: 'xs' },
  '.lac-sort': mergeCss(recipeCss('button', { size: 'xs', variant: 'ghost' }), {
    px: '1',
    ms: '-1',
    fontWeight: 'semibold',
    '& > svg': iconCss,
  }),
  '.lac-tbody': { position: 'relative' },
};
