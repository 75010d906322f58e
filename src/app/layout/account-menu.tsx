import { Menu, Portal } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { SessionData } from '#contract/auth.ts';
import { UserAvatar } from '@/app/layout/user-avatar';
import { pendingCount } from '@/data/outbox/outbox';
import { setSignOutEngine } from '@/data/session/sign-out-outbox';
import { useSyncEngine } from '@/data/sync/use-sync-engine';
import { SignOutDialog } from '@/features/sync/sign-out-dialog';
import { useFileUrl } from '@/ui/resource/fields/use-file-url';
import { useStyledOnceOpened } from '@/ui/use-styled-once-opened';

type Action = 'profile' | 'password' | 'sign-out';
type Props = { session: SessionData; onSelect: (action: Action) => void };

export function AccountMenu({ session, onSelect }: Props) {
  const { t } = useLingui();
  const engine = useSyncEngine();
  const [unsent, setUnsent] = useState(0);
  const styles = useStyledOnceOpened();
  const name = session.fullName;
  const picture = useFileUrl(null, session.profilePicture);
  // Sign-out from anywhere (idle, maintenance) stops this engine and keeps its outbox.
  useEffect(() => setSignOutEngine(engine), [engine]);

  async function select(action: Action) {
    if (action !== 'sign-out' || !engine) return onSelect(action);
    const count = await pendingCount(engine.db).catch(() => 0);
    if (count > 0) setUnsent(count);
    else onSelect('sign-out');
  }

  return (
    <>
      {/* Its items are drawn when first opened, not at every start (lazyMount, useStyledOnceOpened). */}
      <Menu.Root
        lazyMount
        unstyled={styles.unstyled}
        onOpenChange={(e) => styles.onOpened(e.open)}
        onSelect={(e) => void select(e.value as Action)}
      >
        {/* A plain button styled by the top bar (top-bar-styles.ts). */}
        <Menu.Trigger asChild>
          <button
            type="button"
            className="lac-top-button lac-top-account"
            data-testid="account-menu-button"
            aria-label={t`Account menu for ${name}`}
          >
            <UserAvatar name={name} picture={picture} />
          </button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="48">
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>{name}</Menu.ItemGroupLabel>
                <Menu.Item value="profile">
                  <Trans>Profile</Trans>
                </Menu.Item>
                <Menu.Item value="password">
                  <Trans>Change password</Trans>
                </Menu.Item>
              </Menu.ItemGroup>
              <Menu.Separator />
              <Menu.Item value="sign-out" color="fg.error">
                <Trans>Sign out</Trans>
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {engine && unsent > 0 && (
        <SignOutDialog
          engine={engine}
          count={unsent}
          onCancel={() => setUnsent(0)}
          onSignOut={() => {
            setUnsent(0);
            onSelect('sign-out');
          }}
        />
      )}
    </>
  );
}
