import type { MessageDescriptor } from '@lingui/core';
import type { Permissions } from '#contract/permissions.ts';
import type { RegisteredItem } from '@/app/menu/menu-entries';
import { MENU_GROUPS, type MenuGroupDef, PLANNED_ITEMS, type PlannedItem } from '@/app/menu/menu-model';

/** navigate: a built page; qr-contact: training roadmap without ISO access; unavailable: not built yet. */
export type MenuAction = 'navigate' | 'qr-contact' | 'unavailable';
export type VisibleItem = {
  id: string;
  label: MessageDescriptor;
  /** Set when the item navigates. */
  path?: string;
  action: MenuAction;
};
export type VisibleGroup = Omit<MenuGroupDef, 'items'> & { items: VisibleItem[] };

type Sources = {
  registered: ReadonlyMap<string, RegisteredItem>;
  planned?: Readonly<Record<string, PlannedItem>>;
  groups?: readonly MenuGroupDef[];
};

const flagOn = (p: Permissions, area: PlannedItem['area']) => area === 'always' || p.areas[area].flag;

/**
 * Spec section 6: items show only when their flag is on; a group goes when its own flag is off or
 * it is empty. An item is a feature's route when one declares it, else a planned (disabled) one.
 */
export function visibleMenu(
  permissions: Permissions,
  { registered, planned = PLANNED_ITEMS, groups = MENU_GROUPS }: Sources,
): VisibleGroup[] {
  const visible: VisibleGroup[] = [];
  for (const group of groups) {
    if (group.flag && !permissions.areas[group.flag].flag) continue;
    const items: VisibleItem[] = [];
    for (const id of group.items) {
      const built = registered.get(id);
      const item = built ?? (Object.hasOwn(planned, id) ? planned[id] : undefined);
      if (!item || !flagOn(permissions, item.area)) continue;
      const iso = group.iso && !permissions.areas.isoAccess.flag;
      const action: MenuAction = iso ? 'qr-contact' : built ? 'navigate' : 'unavailable';
      items.push({ id, label: item.label, action, path: built && !iso ? built.path : undefined });
    }
    if (items.length > 0) visible.push({ ...group, items });
  }
  return visible;
}
