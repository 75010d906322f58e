import { useSyncExternalStore } from 'react';
import { NARROW_SCREEN_PX } from '#contract/constants.ts';

const query = `(max-width: ${NARROW_SCREEN_PX - 0.02}px)`;

const subscribe = (onChange: () => void) => {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
};

/** True below the spec's 430 px threshold, where the drawer becomes an overlay. */
export const useNarrowScreen = () => useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
