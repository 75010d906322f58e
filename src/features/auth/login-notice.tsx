import { Alert } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { SignOutNotice } from '@/data/session/sign-out-notice';

/** Why the user is back on /login: idle logout, expired session, maintenance, or a finished reset. */
export function LoginNotice({ notice, resetDone }: { notice: SignOutNotice | null; resetDone: boolean }) {
  if (resetDone) {
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>
          <Trans>Your password has been changed. Sign in with your new password.</Trans>
        </Alert.Title>
      </Alert.Root>
    );
  }
  if (!notice || notice.kind === 'signed-out') return null;
  return (
    <Alert.Root status={notice.kind === 'maintenance' ? 'warning' : 'info'} role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {notice.kind === 'maintenance' && <Trans>The system is under maintenance.</Trans>}
          {notice.kind === 'idle' && <Trans>You were signed out after 5 hours without activity.</Trans>}
          {notice.kind === 'expired' && <Trans>Your session has ended. Please sign in again.</Trans>}
        </Alert.Title>
        {notice.kind === 'maintenance' && notice.message && (
          <Alert.Description>{notice.message}</Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
