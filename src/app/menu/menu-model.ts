import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Area } from '#contract/permissions.ts';
import type { MenuGroupId } from '@/ui/feature/feature';

export type MenuGroupDef = {
  id: MenuGroupId;
  label: MessageDescriptor;
  /** The group's own flag (hidden when false); groups without one are hidden only when empty. */
  flag?: Area;
  /** Training roadmap: entries open the QR contact dialog instead when `isoAccess` is false. */
  iso?: boolean;
  /** Item ids in the drawer's order; each comes from a feature's route or from PLANNED_ITEMS. */
  items: readonly string[];
};

/** The left drawer of spec sections 2 and 6, in the spec's order. */
export const MENU_GROUPS: readonly MenuGroupDef[] = [
  {
    id: 'home',
    label: msg`Home`,
    items: [
      'library',
      'lesson-learn',
      'course',
      'quiz',
      'certificate',
      'community',
      'faq',
      'event',
      'feedback',
      'banner',
      'store',
      'deep-link',
    ],
  },
  { id: 'dashboard', label: msg`Dashboard`, flag: 'dashboard', items: ['dashboard'] },
  {
    id: 'report',
    label: msg`Reports`,
    items: [
      'user-activity',
      'user-course-status',
      'by-type-of-knowledge',
      'by-type-of-content',
      'content-viewing',
      'requested-user',
      'assignment-course-report',
    ],
  },
  {
    id: 'usermanagement',
    label: msg`User management`,
    flag: 'userManagement',
    items: ['users', 'activity-log'],
  },
  { id: 'companyprofile', label: msg`Company profile`, flag: 'companyProfile', items: ['company'] },
  { id: 'sendnotification', label: msg`Send notification`, flag: 'sendNotification', items: ['send'] },
  {
    id: 'setting',
    label: msg`Settings`,
    items: ['notification-settings', 'email-settings', 'type-of-content', 'type-of-knowledge'],
  },
  {
    id: 'trainingroadmapiso',
    label: msg`Training roadmap (ISO)`,
    flag: 'skillMatrix',
    iso: true,
    items: ['skillchart', 'settingsection', 'settingposition'],
  },
];

export type PlannedItem = { label: MessageDescriptor; area: Area | 'always' };

/**
 * Drawer items whose feature is not built yet: shown disabled ("coming in a later release"), never
 * as placeholder pages. An item leaves this list when its feature's route declares it.
 */
export const PLANNED_ITEMS: Readonly<Record<string, PlannedItem>> = {};
