import { Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { flushBeforeSignOut, SIGN_OUT_FLUSH_MS } from '@/data/session/sign-out-outbox';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { DialogShell } from '@/ui/dialog/dialog-shell';

type Props = {
  engine: SyncEngine;
  /** Unsent changes when the admin asked to sign out (> 0). */
  count: number;
  onSignOut: () => void;
  onCancel: () => void;
  flushMs?: number;
};

/**
 * Sign-out with unsent changes: says how many, tries to send them, signs out when all went; when
 * some could not, says they stay on this device for this user, and the admin decides.
 */
export function SignOutDialog({ engine, count, onSignOut, onCancel, flushMs = SIGN_OUT_FLUSH_MS }: Props) {
  const [left, setLeft] = useState<number | null>(null);
  const done = useRef(onSignOut);
  done.current = onSignOut;

  useEffect(() => {
    let live = true;
    void flushBeforeSignOut(flushMs, engine).then((remaining) => {
      if (!live) return;
      if (remaining === 0) done.current();
      else setLeft(remaining ?? count);
    });
    return () => {
      live = false;
    };
  }, [engine, flushMs, count]);

  const sending = left === null;
  const footer = (
    <>
      <Button variant="outline" onClick={onCancel}>
        <Trans>Stay signed in</Trans>
      </Button>
      <Button colorPalette="red" onClick={onSignOut} data-testid="sign-out-confirm">
        {sending ? <Trans>Sign out now</Trans> : <Trans>Sign out</Trans>}
      </Button>
    </>
  );
  return (
    <DialogShell
      open
      onClose={onCancel}
      role="alertdialog"
      size="sm"
      closable={false}
      title={<Trans>Sign out with unsent changes?</Trans>}
      footer={footer}
      testId="sign-out-dialog"
    >
      {sending ? (
        <HStack gap="3" aria-live="polite">
          <Spinner size="sm" />
          <Text data-testid="sign-out-sending">
            <Plural
              value={count}
              one="# change is not synced yet. Sending it now…"
              other="# changes are not synced yet. Sending them now…"
            />
          </Text>
        </HStack>
      ) : (
        <Text data-testid="sign-out-kept" aria-live="polite">
          <Plural
            value={left}
            one="# change could not be sent. It will be kept on this device and sent after you sign in again with this account."
            other="# changes could not be sent. They will be kept on this device and sent after you sign in again with this account."
          />
        </Text>
      )}
    </DialogShell>
  );
}
