import { Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/ui/dialog/confirm-dialog';
import { useUnsavedWork } from '@/ui/form/use-unsaved-work';

/**
 * While `dirty`, leaving the page asks first: another page of the console (a question the admin
 * answers) or closing and reloading the tab (the browser's own question). `allowLeave()` lets the
 * next navigation through without asking (after a save).
 */
export function useLeaveGuard(dirty: boolean) {
  useUnsavedWork(dirty);
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allowed.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={<Trans>Leave without saving?</Trans>}
      confirmLabel={<Trans>Leave and discard</Trans>}
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <Text>
        <Trans>Your changes to this quiz are not saved. They will be lost if you leave now.</Trans>
      </Text>
    </ConfirmDialog>
  );
  return {
    dialog,
    allowLeave: () => {
      allowed.current = true;
    },
  };
}
