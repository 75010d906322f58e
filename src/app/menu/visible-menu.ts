import type { Permissions } from '#contract/permissions.ts';
import { MENU, type MenuGroupDef, type MenuItemDef } from '@/app/menu/menu-model';

/** navigate: a built page; qr-contact: training roadmap without ISO access; unavailable: not built yet. */
export type MenuAction = 'navigate' | 'qr-contact' | 'unavailable';
export type VisibleItem = MenuItemDef & { action: MenuAction };
export type VisibleGroup = Omit<MenuGroupDef, 'items'> & { items: VisibleItem[] };

const flagOn = (p: Permissions, area: MenuItemDef['area']) => area === 'always' || p.areas[area].flag;

/** Spec section 6: items show only when their flag is on; a group goes when its own flag is off or it is empty. */
export function visibleMenu(
  permissions: Permissions,
  registeredRoutes: ReadonlySet<string>,
  menu: MenuGroupDef[] = MENU,
): VisibleGroup[] {
  const groups: VisibleGroup[] = [];
  for (const group of menu) {
    if (group.flag && !permissions.areas[group.flag].flag) continue;
    const items = group.items
      .filter((item) => flagOn(permissions, item.area))
      .map((item): VisibleItem => {
        if (group.iso && !permissions.areas.isoAccess.flag) return { ...item, action: 'qr-contact' };
        return { ...item, action: registeredRoutes.has(item.path) ? 'navigate' : 'unavailable' };
      });
    if (items.length > 0) groups.push({ ...group, items });
  }
  return groups;
}
