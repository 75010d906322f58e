import { Box, CloseButton, Drawer, Flex, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { NavMenu } from '@/app/layout/nav-menu';
import { QrContactDialog } from '@/app/layout/qr-contact-dialog';
import { TopBar } from '@/app/layout/top-bar';
import { cacheForOffline } from '@/data/locale/language-assets';
import { signOut } from '@/data/session/sign-out';
import { useSession } from '@/data/session/use-session';
import { ChangePasswordDialog } from '@/features/password/change-password-dialog';
import { ProfileDialog } from '@/features/profile/profile-dialog';
import { CopyrightFooter } from '@/ui/copyright-footer';
import { MountWhenOpened } from '@/ui/dialog/mount-when-opened';
import { useNarrowScreen } from '@/ui/use-narrow-screen';

type OpenDialog = 'profile' | 'password' | 'qr' | null;

export default function ShellLayout() {
  const { t } = useLingui();
  const session = useSession();
  const narrow = useNarrowScreen();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Signed in: the Excel library (imports, exports) is cached now, while the network is there.
  useEffect(() => void cacheForOffline({ deferred: true }), []);
  if (!session) return null;

  const menu = (
    <NavMenu
      permissions={session.permissions}
      onNavigate={() => setDrawerOpen(false)}
      onQrContact={() => {
        setDrawerOpen(false);
        setDialog('qr');
      }}
    />
  );
  const onAccount = (action: 'profile' | 'password' | 'sign-out') => {
    if (action === 'sign-out') void signOut();
    else setDialog(action);
  };

  return (
    <Flex direction="column" minH="100dvh" data-testid="app-shell" bg="bg.subtle">
      <TopBar session={session} narrow={narrow} onMenu={() => setDrawerOpen(true)} onAccount={onAccount} />
      <Flex flex="1" minH="0">
        {!narrow && (
          <Box
            as="nav"
            aria-label={t`Main menu`}
            data-testid="nav-drawer"
            w={{ base: '56', md: '64' }}
            flexShrink="0"
            borderEndWidth="1px"
            bg="bg"
            position="sticky"
            top="14"
            h="calc(100dvh - var(--chakra-sizes-14))"
            overflowY="auto"
          >
            {menu}
          </Box>
        )}
        <Box as="main" flex="1" minW="0">
          <Outlet />
        </Box>
      </Flex>
      <CopyrightFooter owner={session.companyName} />
      {narrow && (
        <Drawer.Root
          open={drawerOpen}
          onOpenChange={(e) => setDrawerOpen(e.open)}
          placement="start"
          size="xs"
        >
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content data-testid="nav-drawer">
                <Drawer.Header>
                  <Drawer.Title>{session.companyName}</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body p="0">
                  <Box as="nav" aria-label={t`Main menu`}>
                    {menu}
                  </Box>
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t`Close menu`} />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
      <MountWhenOpened open={dialog === 'profile'}>
        <ProfileDialog open={dialog === 'profile'} onClose={() => setDialog(null)} />
      </MountWhenOpened>
      <MountWhenOpened open={dialog === 'password'}>
        <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
      </MountWhenOpened>
      <MountWhenOpened open={dialog === 'qr'}>
        <QrContactDialog open={dialog === 'qr'} onClose={() => setDialog(null)} />
      </MountWhenOpened>
    </Flex>
  );
}
