import { useQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS } from '#contract/constants.ts';
import { useSession } from '@/data/session/use-session';
import { getUnreadCount, inboxKeys } from '@/features/inbox/inbox-api';

/**
 * Spec section 4: the unread count refreshes every 30 s. TanStack Query pauses the interval
 * while the tab is hidden or the device is offline, and refetches on focus and reconnect.
 */
export function useUnreadCount() {
  const session = useSession();
  const who = { companyId: session?.companyID ?? '', userId: session?.userID ?? '' };
  return useQuery({
    queryKey: inboxKeys.unread(who),
    queryFn: ({ signal }) => getUnreadCount(who, signal),
    enabled: !!session,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    networkMode: 'online',
    staleTime: NOTIFICATION_POLL_MS / 2,
    select: (d) => d.unread,
  });
}
