import { z } from 'zod';
import {
  audienceOptions,
  emailSettings,
  pushKey,
  type ReminderSettings,
  reminderSettings,
  type SendNotificationInput,
  sendHistory,
  type UpdateEmailSettings,
} from '#contract/notification-send.ts';
import { apiPost } from '@/data/http/api';

/** Sending and channel settings are online calls (not synced resources): each acts at once on the server. */
export const notifyKeys = {
  history: (page: number) => ['notify', 'history', page] as const,
  audience: ['notify', 'audience'] as const,
  email: ['notify', 'email-settings'] as const,
  reminders: ['notify', 'reminder-settings'] as const,
};

export const sendNotification = (body: SendNotificationInput) =>
  apiPost('/v1/Notification/Send', { schema: z.object({ id: z.string() }), body });
export const getHistory = (page: number, signal?: AbortSignal) =>
  apiPost('/v1/Notification/SendHistory', { schema: sendHistory, body: { page, per_page: 20 }, signal });
export const getAudience = (signal?: AbortSignal) =>
  apiPost('/v1/Notification/Audience', { schema: audienceOptions, body: {}, signal });
export const getEmailSettings = (signal?: AbortSignal) =>
  apiPost('/v1/Notification/GetEmailSettings', { schema: emailSettings, body: {}, signal });
export const updateEmailSettings = (body: UpdateEmailSettings) =>
  apiPost('/v1/Notification/UpdateEmailSettings', { schema: emailSettings, body });
export const sendTestEmail = (to: string) =>
  apiPost('/v1/Notification/SendTestEmail', { schema: z.unknown(), body: { to } });
export const getReminderSettings = (signal?: AbortSignal) =>
  apiPost('/v1/Notification/GetReminderSettings', { schema: reminderSettings, body: {}, signal });
export const updateReminderSettings = (body: ReminderSettings) =>
  apiPost('/v1/Notification/UpdateReminderSettings', { schema: reminderSettings, body });
export const getPushKey = () => apiPost('/v1/Notification/GetPushKey', { schema: pushKey, body: {} });
export const subscribePush = (sub: PushSubscriptionJSON) =>
  apiPost('/v1/Notification/SubscribePush', { schema: z.unknown(), body: sub });
