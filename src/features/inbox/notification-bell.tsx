import { Badge, Box, Float, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useUnreadCount } from '@/features/inbox/use-unread-count';
import { BellIcon } from '@/ui/icons';

export function NotificationBell() {
  const { t, i18n } = useLingui();
  const unread = useUnreadCount().data ?? 0;
  const count = unread > 99 ? `${i18n.number(99)}+` : i18n.number(unread);
  const label = unread > 0 ? t`Notifications, ${count} unread` : t`Notifications`;
  return (
    <Box position="relative" display="inline-flex">
      <IconButton asChild variant="ghost" aria-label={label} title={label}>
        <Link to="/inbox">
          <BellIcon />
        </Link>
      </IconButton>
      {unread > 0 && (
        <Float placement="top-end" offset="2">
          <Badge
            data-testid="unread-badge"
            colorPalette="red"
            variant="solid"
            rounded="full"
            size="xs"
            minW="5"
            justifyContent="center"
            aria-hidden="true"
          >
            {count}
          </Badge>
        </Float>
      )}
    </Box>
  );
}
