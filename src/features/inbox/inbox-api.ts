import { z } from 'zod';
import { markReadRequest, notificationList, unreadCount } from '#contract/notifications.ts';
import { apiPost } from '@/data/http/api';

export const INBOX_PAGE_SIZE = 20;
type Who = { companyId: string; userId: string };

export const inboxKeys = {
  all: ['inbox'] as const,
  page: (who: Who, page: number) => ['inbox', 'page', who.userId, page] as const,
  unread: (who: Who) => ['inbox', 'unread', who.userId] as const,
};

export const getNotifications = (who: Who, page: number, signal?: AbortSignal) =>
  apiPost('/v3/Notification/GetNotificationFromWeb', {
    schema: notificationList,
    body: { ...who, offset: page * INBOX_PAGE_SIZE, limit: INBOX_PAGE_SIZE },
    signal,
  });

export const getUnreadCount = (who: Who, signal?: AbortSignal) =>
  apiPost('/v3/Notification/GetUnreadCount', { schema: unreadCount, body: who, signal });

export const markRead = (id: string) =>
  apiPost('/v3/Notification/MarkRead', { schema: z.unknown(), body: markReadRequest.parse({ id }) });
