import { describe, expect, it } from 'vitest';
import { NO_ACCESS } from '#contract/permissions.ts';
import { visibleMenu } from '@/app/menu/visible-menu';
import { adminPermissions, permissionsOnly, permissionsWithout } from '../../fixtures.ts';

const none = new Set<string>();
const groupIds = (groups: ReturnType<typeof visibleMenu>) => groups.map((g) => g.id);
const itemIds = (groups: ReturnType<typeof visibleMenu>, group: string) =>
  groups.find((g) => g.id === group)?.items.map((i) => i.id);

describe('visibleMenu', () => {
  it('shows every group of spec section 6 to an admin with every flag on', () => {
    expect(groupIds(visibleMenu(adminPermissions(), none))).toEqual([
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
    const groups = visibleMenu(
      permissionsWithout('userManagement', 'companyProfile', 'sendNotification'),
      none,
    );
    expect(groupIds(groups)).toEqual(['home', 'dashboard', 'report', 'setting', 'trainingroadmapiso']);
  });

  it('shows an item only when its area flag is on', () => {
    const groups = visibleMenu(permissionsOnly('library', 'quiz', 'userView'), none);
    expect(itemIds(groups, 'home')).toEqual(['library', 'quiz']);
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
    const home = itemIds(visibleMenu(p, none), 'home');
    expect(home).not.toContain('library');
    expect(home).toContain('quiz');
  });

  it('hides the home and setting groups when they are empty', () => {
    const groups = visibleMenu(permissionsOnly('dashboard'), none);
    expect(groupIds(groups)).toEqual(['dashboard', 'report']);
  });

  it('always permits the user course status report, so the report group never disappears', () => {
    const groups = visibleMenu(permissionsOnly(), none);
    expect(groupIds(groups)).toEqual(['report']);
    expect(itemIds(groups, 'report')).toEqual(['user-course-status']);
  });

  it('hides a group whose own flag is off even if its items would be allowed', () => {
    const p = adminPermissions();
    p.areas.skillMatrix = { ...p.areas.skillMatrix, flag: false };
    expect(groupIds(visibleMenu(p, none))).not.toContain('trainingroadmapiso');
  });

  it('puts master data with the settings, behind the notification settings flag', () => {
    expect(itemIds(visibleMenu(adminPermissions(), none), 'setting')).toEqual([
      'notification-settings',
      'email-settings',
      'type-of-content',
      'type-of-knowledge',
    ]);
    expect(groupIds(visibleMenu(permissionsWithout('settingNotification'), none))).not.toContain('setting');
  });

  it('opens the QR contact dialog for training roadmap entries without ISO access', () => {
    const roadmap = visibleMenu(permissionsWithout('isoAccess'), new Set(['/trainingroadmap/skillchart']));
    const items = roadmap.find((g) => g.id === 'trainingroadmapiso')?.items ?? [];
    expect(items.map((i) => i.action)).toEqual(['qr-contact', 'qr-contact', 'qr-contact']);
  });

  it('navigates training roadmap entries with ISO access once their page exists', () => {
    const groups = visibleMenu(adminPermissions(), new Set(['/trainingroadmap/skillchart']));
    const items = groups.find((g) => g.id === 'trainingroadmapiso')?.items ?? [];
    expect(items.map((i) => [i.id, i.action])).toEqual([
      ['skillchart', 'navigate'],
      ['settingsection', 'unavailable'],
      ['settingposition', 'unavailable'],
    ]);
  });

  it('lists permitted items whose page is not built yet as unavailable, never hiding them', () => {
    const groups = visibleMenu(adminPermissions(), new Set(['/dashboard']));
    expect(groups.find((g) => g.id === 'dashboard')?.items[0]?.action).toBe('navigate');
    expect(groups.find((g) => g.id === 'home')?.items.every((i) => i.action === 'unavailable')).toBe(true);
  });
});
