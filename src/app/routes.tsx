import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '#contract/constants.ts';
import type { Feature, FeatureRoute } from '@/ui/feature/feature';
import { ResourcePage } from '@/ui/resource/resource-page';

type Loaded = { Component: ComponentType };

/**
 * A route's `lazy`: the default export of a page module loaded on demand. Spec section 8: a chunk
 * that does not arrive within 120 s is an error, not an endless spinner.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): () => Promise<Loaded> {
  return () =>
    new Promise<Loaded>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
      load()
        .then((m) => resolve({ Component: m.default }), reject)
        .finally(() => clearTimeout(timer));
    });
}

/**
 * A route's page: the generic resource page drawn from its view, or its own module, loaded on
 * demand. The resource page is part of the console's first file (scripts/entry-modules.ts), so a
 * list screen renders at once instead of after one more file.
 */
function toRoute(route: FeatureRoute): RouteObject {
  const { path, view, page } = route;
  if (view) return { path, Component: () => <ResourcePage view={view} /> };
  return { path, lazy: lazyPage(page) };
}

/** The features' routes: for anyone (`open`) or inside the signed-in shell. */
export function featureRoutes(features: readonly Feature[]) {
  const all = features.flatMap((f) => f.routes);
  return {
    open: all.filter((r) => r.open).map(toRoute),
    shell: all.filter((r) => !r.open).map(toRoute),
  };
}
