import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * What Chakra's Button, variant "ghost", sets at every size: the shared part of the plain buttons
 * and links that stand in for it where a component per item cost too much (the drawer's items,
 * a list's row buttons, the top bar's buttons). Each adds its size and colours.
 */
export const ghostButtonCss = {
  display: 'inline-flex',
  alignItems: 'center',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'transparent',
  bg: 'transparent',
  cursor: 'pointer',
  userSelect: 'none',
  outline: '0',
  transitionProperty: 'common',
  transitionDuration: 'moderate',
  focusVisibleRing: 'outside',
} satisfies SystemStyleObject;

/** What Chakra's Icon sets on its svg, at the size the console's stroke icons have (5). */
export const iconCss = {
  display: 'inline-block',
  lineHeight: '1em',
  flexShrink: '0',
  color: 'currentcolor',
  verticalAlign: 'middle',
  boxSize: '5',
} satisfies SystemStyleObject;
