import type { Area } from '#contract/permissions.ts';
import { RESOURCES } from '#contract/registry.ts';
import type { Feature, MenuEntry } from '@/ui/feature/feature';

/** A feature's drawer item, resolved: its route's path and its area (the view's resource area by default). */
export type RegisteredItem = Omit<MenuEntry, 'area'> & { path: string; area: Area | 'always' };

/** Every drawer item the features declare, by id. A route without an area and without a view is an error. */
export function registeredItems(features: readonly Feature[]): Map<string, RegisteredItem> {
  const items = new Map<string, RegisteredItem>();
  for (const feature of features) {
    for (const route of feature.routes) {
      if (!route.menu) continue;
      const area = route.menu.area ?? (route.view ? RESOURCES[route.view.resource].area : undefined);
      if (!area) throw new Error(`Menu item ${route.menu.id} of ${feature.id} needs an area`);
      if (items.has(route.menu.id)) throw new Error(`Menu item ${route.menu.id} is declared twice`);
      items.set(route.menu.id, { ...route.menu, path: route.path, area });
    }
  }
  return items;
}
