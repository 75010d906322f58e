import { type ReactNode, useState } from 'react';

/**
 * Renders a dialog from the first time it opens, and keeps it from then on (so closing still
 * animates). The shell's dialogs are closed at every start: building their machinery then was part
 * of the first render (issue 14).
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? children : null;
}
