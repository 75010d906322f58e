import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '#contract/notifications.ts';
import { useSession } from '@/data/session/use-session';
import { getNotifications, inboxKeys, markRead } from '@/features/inbox/inbox-api';

const newestFirst = (a: Notification, b: Notification) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

export function useInbox(page: number) {
  const session = useSession();
  const queryClient = useQueryClient();
  const who = { companyId: session?.companyID ?? '', userId: session?.userID ?? '' };
  const list = useQuery({
    queryKey: inboxKeys.page(who, page),
    queryFn: ({ signal }) => getNotifications(who, page, signal),
    enabled: !!session,
    placeholderData: keepPreviousData,
    select: (d) => ({ ...d, items: [...d.items].sort(newestFirst) }),
  });
  const read = useMutation({
    mutationFn: markRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
  const open = (item: Notification) => {
    if (!item.watchFlag) read.mutate(item.id);
  };
  return { list, open };
}
