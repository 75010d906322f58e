import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Area } from '#contract/permissions.ts';

/** `always` marks the one item spec section 6 permits for everyone: the user course status report. */
export type MenuItemDef = { id: string; label: MessageDescriptor; path: string; area: Area | 'always' };
export type MenuGroupDef = {
  id: string;
  label: MessageDescriptor;
  /** The group's own flag (hidden when false); groups without one are hidden only when empty. */
  flag?: Area;
  items: MenuItemDef[];
  /** Training roadmap: entries open the QR contact dialog instead when `isoAccess` is false. */
  iso?: boolean;
};

/** The left drawer of spec sections 2 and 6, in the spec's order. */
export const MENU: MenuGroupDef[] = [
  {
    id: 'home',
    label: msg`Home`,
    items: [
      { id: 'library', label: msg`Library`, path: '/home/library', area: 'library' },
      { id: 'lesson-learn', label: msg`Knowledge sharing`, path: '/home/lesson-learn', area: 'lessonLearn' },
      { id: 'course', label: msg`Assignment courses`, path: '/home/assignment-course', area: 'course' },
      { id: 'quiz', label: msg`Quizzes`, path: '/home/quiz', area: 'quiz' },
      { id: 'community', label: msg`Community`, path: '/home/community', area: 'community' },
      {
        id: 'faq',
        label: msg`Frequently asked questions`,
        path: '/home/community/frequently-asked-question',
        area: 'community',
      },
      { id: 'event', label: msg`Events`, path: '/home/event', area: 'event' },
      { id: 'feedback', label: msg`Feedback box`, path: '/home/feedback-box', area: 'feedback' },
      { id: 'banner', label: msg`Banners`, path: '/home/banner', area: 'banner' },
      { id: 'store', label: msg`Content store`, path: '/home/store', area: 'store' },
    ],
  },
  {
    id: 'dashboard',
    label: msg`Dashboard`,
    flag: 'dashboard',
    items: [{ id: 'dashboard', label: msg`Dashboard`, path: '/dashboard', area: 'dashboard' }],
  },
  {
    id: 'report',
    label: msg`Reports`,
    items: [
      { id: 'user-activity', label: msg`User activity`, path: '/report/user-activity', area: 'userActivity' },
      {
        id: 'user-course-status',
        label: msg`User course status`,
        path: '/report/user-course-status-report',
        area: 'always',
      },
      {
        id: 'by-type-of-knowledge',
        label: msg`Views by type of knowledge`,
        path: '/report/by-type-of-knowledge',
        area: 'userView',
      },
      {
        id: 'by-type-of-content',
        label: msg`Views by type of content`,
        path: '/report/by-type-of-content',
        area: 'userView',
      },
      {
        id: 'content-viewing',
        label: msg`Content viewing`,
        path: '/report/content-viewing',
        area: 'userView',
      },
      {
        id: 'requested-user',
        label: msg`Requested users`,
        path: '/report/requested-user',
        area: 'requestedUser',
      },
      {
        id: 'assignment-course-report',
        label: msg`Assignment course report`,
        path: '/report/assignment-course',
        area: 'assignmentReport',
      },
    ],
  },
  {
    id: 'usermanagement',
    label: msg`User management`,
    flag: 'userManagement',
    items: [{ id: 'users', label: msg`Users and roles`, path: '/user-management', area: 'userManagement' }],
  },
  {
    id: 'companyprofile',
    label: msg`Company profile`,
    flag: 'companyProfile',
    items: [{ id: 'company', label: msg`Company profile`, path: '/company-profile', area: 'companyProfile' }],
  },
  {
    id: 'sendnotification',
    label: msg`Send notification`,
    flag: 'sendNotification',
    items: [
      { id: 'send', label: msg`Send notification`, path: '/notification-page', area: 'sendNotification' },
    ],
  },
  {
    // Master data has no flag of its own in spec section 6; it sits with the settings.
    id: 'setting',
    label: msg`Settings`,
    items: [
      {
        id: 'notification-settings',
        label: msg`Notification settings`,
        path: '/setting/notificationpage',
        area: 'settingNotification',
      },
      {
        id: 'email-settings',
        label: msg`E-mail settings`,
        path: '/setting/emailpage',
        area: 'settingNotification',
      },
      {
        id: 'type-of-content',
        label: msg`Type of content`,
        path: '/MasterData/type-of-content',
        area: 'settingNotification',
      },
      {
        id: 'type-of-knowledge',
        label: msg`Type of knowledge`,
        path: '/MasterData/type-of-knowledge',
        area: 'settingNotification',
      },
    ],
  },
  {
    id: 'trainingroadmapiso',
    label: msg`Training roadmap (ISO)`,
    flag: 'skillMatrix',
    iso: true,
    items: [
      { id: 'skillchart', label: msg`Skill chart`, path: '/trainingroadmap/skillchart', area: 'skillMatrix' },
      {
        id: 'settingsection',
        label: msg`Sections`,
        path: '/trainingroadmap/settingsection',
        area: 'skillMatrix',
      },
      {
        id: 'settingposition',
        label: msg`Positions`,
        path: '/trainingroadmap/settingposition',
        area: 'skillMatrix',
      },
    ],
  },
];
