import { useState } from 'react';

/**
 * For a popover or menu whose root is drawn at every start (the top bar's): Chakra's root works out
 * the styles of all its parts whenever it renders, opened or not (about 25 ms of a start for the
 * two in the top bar, issue 14). Unstyled until first opened, it skips that; its trigger has no
 * styles of its own, and once opened it stays styled, so closing still animates.
 */
export function useStyledOnceOpened() {
  const [opened, setOpened] = useState(false);
  return {
    unstyled: !opened,
    onOpened: (open: boolean) => {
      if (open) setOpened(true);
    },
  };
}
