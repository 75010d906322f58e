import { z } from 'zod';

export const getNotificationsRequest = z.object({
  companyId: z.string().min(1),
  userId: z.string().min(1),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(100).default(20),
});

export const notification = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  watchFlag: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationList = z.object({
  items: z.array(notification),
  total: z.number().int(),
  unread: z.number().int(),
});

export const unreadCountRequest = z.object({ companyId: z.string().min(1), userId: z.string().min(1) });
export const unreadCount = z.object({ unread: z.number().int() });
export const markReadRequest = z.object({ id: z.string().min(1) });
