import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';

/** Sending notifications (/notification-page) and the channels' settings (/setting/...). */
export const notificationsFeature = defineFeature({
  id: 'notifications',
  routes: [
    {
      path: '/notification-page',
      page: () => import('@/features/notifications/send-page'),
      menu: {
        id: 'send',
        group: 'sendnotification',
        label: msg`Send notification`,
        area: 'sendNotification',
      },
    },
    {
      path: '/setting/notificationpage',
      page: () => import('@/features/notifications/reminder-settings-page'),
      menu: {
        id: 'notification-settings',
        group: 'setting',
        label: msg`Notification settings`,
        area: 'settingNotification',
      },
    },
    {
      path: '/setting/emailpage',
      page: () => import('@/features/notifications/email-settings-page'),
      menu: {
        id: 'email-settings',
        group: 'setting',
        label: msg`E-mail settings`,
        area: 'settingNotification',
      },
    },
  ],
});
