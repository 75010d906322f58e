import { describe, expect, it } from 'vitest';
import { RESOURCE_NAMES } from '#contract/registry.ts';
import { FEATURES } from '@/app/features';
import { DRAWER_ITEMS } from '@/app/menu/drawer-items';
import { MENU_GROUPS, PLANNED_ITEMS } from '@/app/menu/menu-model';
import { composeViews, RESOURCE_VIEWS } from '@/app/resource-views';
import { featureRoutes } from '@/app/routes';
import { defineFeature } from '@/ui/feature/feature';
import type { AnyView } from '@/ui/resource/view-config';

const routes = FEATURES.flatMap((f) => f.routes);
const placed = MENU_GROUPS.flatMap((g) => g.items);

describe('the feature registry (app/features.ts)', () => {
  it('gives every feature its own id', () => {
    const ids = FEATURES.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never lets two routes claim one path, nor shadow the index or the not-found page', () => {
    const paths = routes.map((r) => r.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
    expect(paths).not.toContain('/');
    expect(paths).not.toContain('*');
    expect(paths.every((p) => p.startsWith('/'))).toBe(true);
  });

  it('routes every drawer item of a feature to that route', () => {
    for (const item of DRAWER_ITEMS.values()) {
      expect(routes.some((r) => r.path === item.path && r.menu?.id === item.id)).toBe(true);
      expect(featureRoutes(FEATURES).shell.some((r) => r.path === item.path)).toBe(true);
    }
  });

  it('gives every drawer item a place in the drawer, and every place an item', () => {
    for (const id of DRAWER_ITEMS.keys()) expect(placed, id).toContain(id);
    for (const id of Object.keys(PLANNED_ITEMS)) expect(placed, id).toContain(id);
    for (const id of placed) expect(DRAWER_ITEMS.has(id) || Object.hasOwn(PLANNED_ITEMS, id), id).toBe(true);
    expect(new Set(placed).size).toBe(placed.length);
  });

  it('drops a planned item once its feature is built (no item is both)', () => {
    const both = [...DRAWER_ITEMS.keys()].filter((id) => Object.hasOwn(PLANNED_ITEMS, id));
    expect(both).toEqual([]);
  });

  it('has exactly one view for every synced resource, so the sync page can show any change', () => {
    expect([...RESOURCE_VIEWS.keys()].sort()).toEqual([...RESOURCE_NAMES].sort());
  });

  it('refuses a resource owned by two features', () => {
    const a = { resource: 'Faq' } as AnyView;
    const b = { resource: 'Faq' } as AnyView;
    const features = [
      defineFeature({ id: 'x', routes: [], views: [a] }),
      defineFeature({ id: 'y', routes: [], views: [b] }),
    ];
    expect(() => composeViews(features)).toThrow(/Faq has two views/);
  });

  it('leaves /login to the sign-in entry and keeps the e-mail link pages outside the shell', () => {
    const { open, shell } = featureRoutes(FEATURES);
    const paths = [...open, ...shell].map((r) => r.path);
    expect(paths).not.toContain('/login');
    expect(open.map((r) => r.path)).toContain('/confirm-email');
    expect(shell.map((r) => r.path)).not.toContain('/confirm-email');
  });
});
