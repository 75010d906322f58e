import { useSyncExternalStore } from 'react';
import { NARROW_SCREEN_PX } from '#contract/constants.ts';

const query = `(max-width: ${NARROW_SCREEN_PX - 0.02}px)`;
let list: MediaQueryList | undefined;
const media = () => {
  list ??= window.matchMedia(query);
  return list;
};

const subscribe = (onChange: () => void) => {
  media().addEventListener('change', onChange);
  return () => media().removeEventListener('change', onChange);
};

/**
 * True below the spec's 430 px threshold, where the drawer becomes an overlay. One MediaQueryList
 * for the page: React reads the snapshot on every render, and a new matchMedia each time cost a
 * style check per keystroke in a 10,000-row list.
 */
export const useNarrowScreen = () => useSyncExternalStore(subscribe, () => media().matches);
