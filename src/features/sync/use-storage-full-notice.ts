import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { StorageFullError } from '@/data/outbox/outbox-errors';
import { toaster } from '@/ui/toaster';

const TOAST_ID = 'storage-full';

/**
 * Forms show a full device themselves; this catches any other write that ran out of room and
 * was not handled, so a quota error is never silent.
 */
export function useStorageFullNotice() {
  const { t } = useLingui();
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (!(event.reason instanceof StorageFullError)) return;
      event.preventDefault();
      if (toaster.isVisible(TOAST_ID)) return;
      toaster.create({
        id: TOAST_ID,
        type: 'error',
        title: t`This device has no room left to save this change. Free some space and try again.`,
      });
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, [t]);
}
