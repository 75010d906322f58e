import { Flex, HStack, IconButton, Link, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { SessionData } from '#contract/auth.ts';
import { AccountMenu } from '@/app/layout/account-menu';
import { LanguageButton } from '@/app/layout/language-button';
import { NotificationBell } from '@/features/inbox/notification-bell';
import { SyncIndicator } from '@/features/sync/sync-indicator';
import { BookIcon, MenuIcon } from '@/ui/icons';

/** A configured manual wins; otherwise the manual shipped in public/manual/ for the active locale. */
const configuredManualUrl: string | undefined = import.meta.env.VITE_MANUAL_URL || undefined;

type Props = {
  session: SessionData;
  narrow: boolean;
  onMenu: () => void;
  onAccount: (action: 'profile' | 'password' | 'sign-out') => void;
};

export function TopBar({ session, narrow, onMenu, onAccount }: Props) {
  const { t, i18n } = useLingui();
  const manualUrl = configuredManualUrl ?? `/manual/${i18n.locale}.html`;
  return (
    <Flex
      as="header"
      align="center"
      gap="1"
      px={{ base: '2', sm: '4' }}
      h="14"
      borderBottomWidth="1px"
      bg="bg"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      {narrow && (
        <IconButton variant="ghost" aria-label={t`Open menu`} data-testid="menu-toggle" onClick={onMenu}>
          <MenuIcon />
        </IconButton>
      )}
      <Text
        data-testid="company-name"
        fontWeight="semibold"
        truncate
        flex="1"
        minW="0"
        title={session.companyName}
      >
        {session.companyName}
      </Text>
      <HStack gap="0.5" flexShrink="0">
        <SyncIndicator compact={narrow} />
        <IconButton asChild variant="ghost" aria-label={t`User manual (opens in a new tab)`}>
          <Link href={manualUrl} target="_blank" rel="noopener noreferrer" data-testid="manual-link">
            <BookIcon />
          </Link>
        </IconButton>
        <NotificationBell />
        <LanguageButton compact={narrow} />
        <AccountMenu session={session} onSelect={onAccount} />
      </HStack>
    </Flex>
  );
}
