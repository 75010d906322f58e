import { useEffect, useState } from 'react';
import { RESOURCES, type ResourceName } from '#contract/registry.ts';

export type Sort = { field: string; dir: 'asc' | 'desc' };
export type ViewMode = 'list' | 'grid';

export const SEARCH_DEBOUNCE_MS = 150;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Search text (debounced for the query), sort and list/grid mode of one list page. */
export function useListControls(resource: ResourceName) {
  const def = RESOURCES[resource];
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<Sort>(def.defaultSort);
  const [mode, setMode] = useState<ViewMode>('list');
  const sortable = def.sortable as readonly string[];

  /** A header click: the same column flips direction, another column starts ascending. */
  const toggleSort = (field: string) =>
    setSort((s) =>
      s.field === field ? { field, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { field, dir: 'asc' },
    );

  return { searchText, setSearchText, search, sort, setSort, toggleSort, sortable, mode, setMode };
}
