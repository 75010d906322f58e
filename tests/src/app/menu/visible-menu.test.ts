import { describe, expect, it } from 'vitest';
import { NO_ACCESS, type Permissions } from '#contract/permissions.ts';
import { DRAWER_ITEMS } from '@/app/menu/drawer-items';
import type { RegisteredItem } from '@/app/menu/menu-entries';
import { visibleMenu } from '@/app/menu/visible-menu';
import { adminPermissions, permissionsOnly, permissionsWithout } from '../../fixtures.ts';

/** The console's real drawer, plus items of pages that do not exist yet where a test needs one. */
const menu = (p: Permissions, ...extra: RegisteredItem[]) =>
  visibleMenu(p, { registered: new Map([...DRAWER_ITEMS, ...extra.map((i) => [i.id, i] as const)]) });
const built = (id: string, group: RegisteredItem['group'], path: string, area: RegisteredItem['area']) => ({
  id,
  group,
  path,
  area,
  label: { id },
});
const groupIds = (groups: ReturnType<typeof visibleMenu>) => groups.map((g) => g.id);
const itemIds = (groups: ReturnType<typeof visibleMenu>, group: string) =>
  groups.find((g) => g.id === group)?.items.map((i) => i.id);

describe('visibleMenu', () => {
  it('shows every group of spec section 6 to an admin with every flag on', () => {
    expect(groupIds(menu(adminPermissions()))).toEqual([
      'home',
      'dashboard',
      'report',
      'usermanagement',
      'companyprofile',
      'sendnotification',
      'setting',
      'trainingroadmapiso',
    ]);
  });

  it('hides the groups a trainer role lacks (user management, company profile, send notification)', () => {
    const groups = menu(permissionsWithout('userManagement', 'companyProfile', 'sendNotification'));
    expect(groupIds(groups)).toEqual(['home', 'dashboard', 'report', 'setting', 'trainingroadmapiso']);
  });

  it('shows an item only when its area flag is on', () => {
    const groups = menu(permissionsOnly('library', 'quiz', 'userView'));
    // Deep links belong to the library area.
    expect(itemIds(groups, 'home')).toEqual(['library', 'quiz', 'deep-link']);
    expect(itemIds(groups, 'report')).toEqual([
      'user-course-status',
      'by-type-of-knowledge',
      'by-type-of-content',
      'content-viewing',
    ]);
  });

  it('uses the flag, not the view value, to show an item', () => {
    const p = adminPermissions();
    p.areas.library = { ...p.areas.library, flag: false };
    p.areas.quiz = { ...NO_ACCESS, flag: true };
    const home = itemIds(menu(p), 'home');
    expect(home).not.toContain('library');
    expect(home).toContain('quiz');
  });

  it('hides the home and setting groups when they are empty', () => {
    const groups = menu(permissionsOnly('dashboard'));
    expect(groupIds(groups)).toEqual(['dashboard', 'report']);
  });

  it('always permits the user course status report, so the report group never disappears', () => {
    const groups = menu(permissionsOnly());
    expect(groupIds(groups)).toEqual(['report']);
    expect(itemIds(groups, 'report')).toEqual(['user-course-status']);
  });

  it('hides a group whose own flag is off even if its items would be allowed', () => {
    const p = adminPermissions();
    p.areas.skillMatrix = { ...p.areas.skillMatrix, flag: false };
    expect(groupIds(menu(p))).not.toContain('trainingroadmapiso');
  });

  it('puts master data with the settings, behind the notification settings flag', () => {
    expect(itemIds(menu(adminPermissions()), 'setting')).toEqual([
      'notification-settings',
      'email-settings',
      'type-of-content',
      'type-of-knowledge',
    ]);
    expect(groupIds(menu(permissionsWithout('settingNotification')))).not.toContain('setting');
  });

  it('opens the QR contact dialog for training roadmap entries without ISO access', () => {
    const roadmap = menu(
      permissionsWithout('isoAccess'),
      built('skillchart', 'trainingroadmapiso', '/trainingroadmap/skillchart', 'skillMatrix'),
    );
    const items = roadmap.find((g) => g.id === 'trainingroadmapiso')?.items ?? [];
    expect(items.map((i) => i.action)).toEqual(['qr-contact', 'qr-contact', 'qr-contact']);
  });

  it('navigates training roadmap entries with ISO access once their page exists', () => {
    const groups = menu(
      adminPermissions(),
      built('skillchart', 'trainingroadmapiso', '/trainingroadmap/skillchart', 'skillMatrix'),
    );
    const items = groups.find((g) => g.id === 'trainingroadmapiso')?.items ?? [];
    expect(items.map((i) => [i.id, i.action])).toEqual([
      ['skillchart', 'navigate'],
      ['settingsection', 'navigate'],
      ['settingposition', 'navigate'],
    ]);
  });

  it('navigates to the dashboard and every report now that their pages are built', () => {
    const groups = menu(adminPermissions());
    expect(groups.find((g) => g.id === 'dashboard')?.items[0]).toMatchObject({
      action: 'navigate',
      path: '/dashboard',
    });
    const report = groups.find((g) => g.id === 'report')?.items ?? [];
    expect(report.map((i) => [i.id, i.action, i.path])).toEqual([
      ['user-activity', 'navigate', '/report/user-activity'],
      ['user-course-status', 'navigate', '/report/user-course-status-report'],
      ['by-type-of-knowledge', 'navigate', '/report/by-type-of-knowledge'],
      ['by-type-of-content', 'navigate', '/report/by-type-of-content'],
      ['content-viewing', 'navigate', '/report/content-viewing'],
      ['requested-user', 'navigate', '/report/requested-user'],
      ['assignment-course-report', 'navigate', '/report/assignment-course'],
    ]);
  });

  it('lists permitted items whose page is not built yet as unavailable, never hiding them', () => {
    // No item is planned today: a drawer without the user activity report stands in for one.
    const registered = new Map([...DRAWER_ITEMS].filter(([id]) => id !== 'user-activity'));
    const planned = { 'user-activity': { label: { id: 'User activity' }, area: 'userActivity' as const } };
    const groups = visibleMenu(adminPermissions(), { registered, planned });
    const report = groups.find((g) => g.id === 'report')?.items ?? [];
    expect(report.map((i) => [i.id, i.action])).toEqual([
      ['user-activity', 'unavailable'],
      ['user-course-status', 'navigate'],
      ['by-type-of-knowledge', 'navigate'],
      ['by-type-of-content', 'navigate'],
      ['content-viewing', 'navigate'],
      ['requested-user', 'navigate'],
      ['assignment-course-report', 'navigate'],
    ]);
    expect(report[0]?.path).toBeUndefined();
    const hidden = visibleMenu(permissionsWithout('userActivity'), { registered, planned });
    expect(hidden.find((g) => g.id === 'report')?.items.map((i) => i.id)).not.toContain('user-activity');
  });

  it('takes a built item instead of its planned twin, and hides it by its own area flag', () => {
    const faq = menu(permissionsOnly('community')).find((g) => g.id === 'home')?.items;
    expect(faq?.map((i) => [i.id, i.action])).toEqual([
      ['community', 'navigate'],
      ['faq', 'navigate'],
    ]);
    expect(itemIds(menu(permissionsWithout('community')), 'home')).not.toContain('faq');
  });
});
