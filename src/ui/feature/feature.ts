import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import type { Area } from '#contract/permissions.ts';
import type { AnyView } from '@/ui/resource/view-config';

/** Groups of the left drawer (spec sections 2 and 6). */
export type MenuGroupId =
  | 'home'
  | 'dashboard'
  | 'report'
  | 'usermanagement'
  | 'companyprofile'
  | 'sendnotification'
  | 'setting'
  | 'trainingroadmapiso';

/**
 * A drawer item of a route. Its place in its group is set by the drawer's order (app/menu). The
 * area is the view's resource area unless given; `always` is the one item spec section 6
 * permits for everyone (the user course status report).
 */
export interface MenuEntry {
  id: string;
  group: MenuGroupId;
  label: MessageDescriptor;
  area?: Area | 'always';
}

type RouteBase = {
  /** The console path (react-router syntax); written here and nowhere else. */
  path: string;
  menu?: MenuEntry;
  /** For everyone, signed in or not, outside the shell (a link opened from an e-mail). */
  open?: boolean;
};

/** A page of its own (a lazy route module's default export), or a plain resource's list screen. */
export type FeatureRoute = RouteBase &
  ({ page: () => Promise<{ default: ComponentType }>; view?: never } | { view: AnyView; page?: never });

/**
 * What one feature folder gives the console: its routes (with their drawer entries) and the
 * views of the synced resources it owns (the sync page shows and edits their parked changes
 * with them). src/app composes every feature into the router, the drawer and the view registry.
 */
export interface Feature {
  id: string;
  routes: readonly FeatureRoute[];
  /** Views not drawn by a route of their own (e.g. tabs of a page); route views are included. */
  views?: readonly AnyView[];
}

export const defineFeature = (feature: Feature): Feature => feature;

/** Every view a feature owns: those of its routes and the extra ones. */
export const viewsOf = (feature: Feature): AnyView[] => [
  ...feature.routes.flatMap((r) => (r.view ? [r.view] : [])),
  ...(feature.views ?? []),
];
