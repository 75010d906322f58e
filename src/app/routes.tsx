import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '#contract/constants.ts';
import type { Feature, FeatureRoute } from '@/ui/feature/feature';

type Loaded = { Component: ComponentType };

/** Spec section 8: a chunk that does not arrive within 120 s is an error, not an endless spinner. */
export function withTimeout(load: () => Promise<Loaded>): () => Promise<Loaded> {
  return () =>
    new Promise<Loaded>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
      load()
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
}

/** A route's page, loaded on demand: its own module, or the generic resource page drawn from its view. */
function loadPage(route: FeatureRoute): () => Promise<Loaded> {
  const { view, page } = route;
  if (view) {
    return withTimeout(async () => {
      const { ResourcePage } = await import('@/ui/resource/resource-page');
      return { Component: () => <ResourcePage view={view} /> };
    });
  }
  return withTimeout(async () => ({ Component: (await page()).default }));
}

/** The features' routes: for anyone (`open`) or inside the signed-in shell. */
export function featureRoutes(features: readonly Feature[]) {
  const all = features.flatMap((f) => f.routes);
  const toRoute = (r: FeatureRoute): RouteObject => ({ path: r.path, lazy: loadPage(r) });
  return {
    open: all.filter((r) => r.open).map(toRoute),
    shell: all.filter((r) => !r.open).map(toRoute),
  };
}
