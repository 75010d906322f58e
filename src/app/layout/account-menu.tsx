import { Avatar, Button, Menu, Portal } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionData } from '../../../contract/auth.ts';

type Props = { session: SessionData; onSelect: (action: 'profile' | 'password' | 'sign-out') => void };

export function AccountMenu({ session, onSelect }: Props) {
  const { t } = useLingui();
  const name = session.fullName;
  return (
    <Menu.Root onSelect={(e) => onSelect(e.value as 'profile' | 'password' | 'sign-out')}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          px="1"
          rounded="full"
          data-testid="account-menu-button"
          aria-label={t`Account menu for ${name}`}
        >
          <Avatar.Root size="sm" colorPalette="blue">
            <Avatar.Fallback name={name} />
            {session.profilePicture && <Avatar.Image src={session.profilePicture} alt="" />}
          </Avatar.Root>
        </Button>
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
  );
}
