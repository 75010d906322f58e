import type { SystemStyleObject } from '@chakra-ui/react';
// Relative: the build loads this file in Node (app/class-styles.ts).
import { ghostButtonCss, iconCss } from '../../ui/ghost-button-css.ts';

/** Chakra's Button, variant "ghost", as its recipe draws it; each use adds its size. */
const buttonCss: SystemStyleObject = {
  ...ghostButtonCss,
  appearance: 'none',
  justifyContent: 'center',
  position: 'relative',
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
  flexShrink: '0',
  lineHeight: '1.2',
  isolation: 'isolate',
  fontWeight: 'medium',
  textStyle: 'sm',
  color: 'colorPalette.fg',
  textDecoration: 'none',
  '&:hover, &[aria-expanded=true]': { bg: 'colorPalette.subtle' },
  // The glyph, at the top bar's icon size.
  '& > svg': iconCss,
};

/**
 * The top bar's styles, those of its class `lac-top-bar` (in the main stylesheet, app/class-styles.ts). Its buttons, links, badge and avatar are plain
 * elements with these class names rather than Chakra components (issue 14: the bar is drawn at
 * every start, and each component there was styled one by one before the first paint). They look
 * like the components they replace: Button size "sm" and IconButton size "md", variant "ghost";
 * Badge size "xs", variant "solid"; Avatar size "sm", variant "subtle".
 */
export const topBarCss: SystemStyleObject = {
  display: 'flex',
  alignItems: 'center',
  gap: '1',
  px: { base: '2', sm: '4' },
  h: '14',
  borderBottomWidth: '1px',
  bg: 'bg',
  position: 'sticky',
  top: '0',
  zIndex: 'sticky',
  '& .lac-top-name': { fontWeight: 'semibold', truncate: true, flex: '1', minW: '0' },
  '& .lac-top-tools': { display: 'flex', alignItems: 'center', gap: '0.5', flexShrink: '0' },
  // Button, size "sm" (the language button; the sync and account buttons narrow its padding).
  '& .lac-top-button': { ...buttonCss, h: '9', minW: '9', px: '3.5', gap: '2' },
  '& .lac-top-button[data-compact]': { px: '2' },
  '& .lac-top-sync': { px: '1.5', gap: '1' },
  '& .lac-top-account': { px: '1', borderRadius: 'full' },
  // IconButton, size "md".
  '& .lac-top-icon': { ...buttonCss, h: '10', minW: '10', px: '0', gap: '2' },
  '& .lac-top-warning': { color: 'fg.warning' },
  '& .lac-top-bell': { position: 'relative', display: 'inline-flex' },
  // Badge size "xs", variant "solid", red, at the bell's top end (Float, offset 2).
  '& .lac-top-unread': {
    position: 'absolute',
    top: '2',
    insetEnd: '2',
    transform: 'translate(50%, -50%)',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '1',
    minW: '5',
    minH: '4',
    px: '1',
    borderRadius: 'full',
    bg: 'red.solid',
    color: 'red.contrast',
    textStyle: '2xs',
    fontWeight: 'medium',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    userSelect: 'none',
  },
  // Avatar, size "sm", variant "subtle", blue.
  '& .lac-avatar': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    position: 'relative',
    verticalAlign: 'top',
    flexShrink: '0',
    userSelect: 'none',
    boxSize: '9',
    borderRadius: 'full',
    bg: 'blue.muted',
    color: 'blue.fg',
    fontSize: 'sm',
    fontWeight: 'medium',
  },
  '& .lac-avatar > span': { lineHeight: '1', textTransform: 'uppercase', borderRadius: 'full' },
  '& .lac-avatar > img': { boxSize: 'full', objectFit: 'cover', borderRadius: 'full' },
};
