import { HStack, IconButton, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import type { Sort } from '@/ui/resource/list/use-list-controls';
import { SearchGlyph, SortDownIcon, SortUpIcon } from '@/ui/resource/resource-icons';
import type { AnyView } from '@/ui/resource/view-config';

type Props = {
  view: AnyView;
  searchText: string;
  onSearch: (text: string) => void;
  /** Cards have no column headers, so they sort here. */
  showSort: boolean;
  sortable: readonly string[];
  sort: Sort;
  onSort: (sort: Sort) => void;
};

/**
 * Redrawn for each typed key (it holds the box's text), not when the filtered rows come in after.
 * The search box is plain elements styled by class (header-styles.ts): it is drawn before a list's
 * first paint; the sort controls only with cards.
 */
export const ListToolbar = memo(function ListToolbar({
  view,
  searchText,
  onSearch,
  showSort,
  sortable,
  sort,
  onSort,
}: Props) {
  const { i18n, t } = useLingui();
  const flip = () => onSort({ ...sort, dir: sort.dir === 'asc' ? 'desc' : 'asc' });
  return (
    <div className="lac-list-tools">
      <div className="lac-search">
        <div>
          <SearchGlyph />
        </div>
        <input
          type="search"
          value={searchText}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={t`Search`}
          aria-label={t`Search`}
        />
      </div>
      {showSort && sortable.length > 0 && (
        <HStack gap="1">
          <NativeSelect.Root size="md" width="auto">
            <NativeSelect.Field
              aria-label={t`Sort by`}
              value={sort.field}
              bg="bg"
              onChange={(e) => onSort({ field: e.target.value, dir: sort.dir })}
            >
              {sortable.map((field) => (
                <option key={field} value={field}>
                  {view.fields[field] ? i18n._(view.fields[field].label) : field}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <IconButton
            variant="outline"
            bg="bg"
            onClick={flip}
            aria-label={
              sort.dir === 'asc' ? t`Ascending, switch to descending` : t`Descending, switch to ascending`
            }
          >
            {sort.dir === 'asc' ? <SortUpIcon /> : <SortDownIcon />}
          </IconButton>
        </HStack>
      )}
    </div>
  );
});
