import { useCallback, useDeferredValue, useState } from 'react';
import { RESOURCES, type ResourceName } from '#contract/registry.ts';

export type Sort = { field: string; dir: 'asc' | 'desc' };
export type ViewMode = 'list' | 'grid';

/**
 * No debounce: the list filters on every keystroke, at a lower priority than the typed character
 * (useDeferredValue), so typing stays immediate and a newer keystroke interrupts a stale filter.
 * Kept as a figure the list bench subtracts (0 now).
 */
export const SEARCH_DEBOUNCE_MS = 0;

/** Search text (deferred for the query), sort and list/grid mode of one list page. */
export function useListControls(resource: ResourceName) {
  const def = RESOURCES[resource];
  const [searchText, setSearchText] = useState('');
  const search = useDeferredValue(searchText);
  const [sort, setSort] = useState<Sort>(def.defaultSort);
  const [mode, setMode] = useState<ViewMode>('list');
  const sortable = def.sortable as readonly string[];

  /** A header click: the same column flips direction, another column starts ascending. */
  const toggleSort = useCallback(
    (field: string) =>
      setSort((s) =>
        s.field === field ? { field, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { field, dir: 'asc' },
      ),
    [],
  );

  return { searchText, setSearchText, search, sort, setSort, toggleSort, sortable, mode, setMode };
}
