import { createContext, type ReactNode, useContext } from 'react';
import type { ResourceName } from '#contract/registry.ts';
import type { AnyView } from '@/ui/resource/view-config';

export type ResourceViews = ReadonlyMap<ResourceName, AnyView>;

const ViewsContext = createContext<ResourceViews>(new Map());

/**
 * Every resource's view, composed by src/app from the features. Screens that show records of any
 * resource (the sync page's parked changes and conflicts) read them here instead of importing
 * other features.
 */
export function ResourceViewsProvider({ views, children }: { views: ResourceViews; children: ReactNode }) {
  return <ViewsContext.Provider value={views}>{children}</ViewsContext.Provider>;
}

/** The view of a resource; the registry test guarantees every synced resource has one. */
export function useResourceView(resource: ResourceName): AnyView {
  const view = useContext(ViewsContext).get(resource);
  if (!view) throw new Error(`No view registered for ${resource}`);
  return view;
}

/** Every resource's view (to name any resource and its fields, as the activity log does). */
export function useResourceViews(): ResourceViews {
  return useContext(ViewsContext);
}
