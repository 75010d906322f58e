import { FEATURES } from '@/app/features';
import type { Feature } from '@/ui/feature/feature';
import { viewsOf } from '@/ui/feature/feature';
import type { ResourceViews } from '@/ui/resource/view-registry';

/** The view of every resource, from the features that own them; a resource owned twice is an error. */
export function composeViews(features: readonly Feature[]): ResourceViews {
  const views = new Map<string, ReturnType<typeof viewsOf>[number]>();
  for (const feature of features) {
    for (const view of viewsOf(feature)) {
      if (views.has(view.resource) && views.get(view.resource) !== view)
        throw new Error(`${view.resource} has two views (feature ${feature.id})`);
      views.set(view.resource, view);
    }
  }
  return views as ResourceViews;
}

export const RESOURCE_VIEWS = composeViews(FEATURES);
