import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { rememberList } from '@/data/db/early-list';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { usePendingMap, useResourceList } from '@/data/db/use-resource';
import { ResourceForm } from '@/ui/resource/form/resource-form';
import { DeleteConfirm } from '@/ui/resource/list/delete-confirm';
import { FilterBar, type Filters } from '@/ui/resource/list/filter-bar';
import { EmptyState, LoadingState } from '@/ui/resource/list/list-states';
import { ListToolbar } from '@/ui/resource/list/list-toolbar';
import type { RowsProps } from '@/ui/resource/list/list-types';
import { ResourceCards } from '@/ui/resource/list/resource-cards';
import { ResourceHeader } from '@/ui/resource/list/resource-header';
import { ResourceTable } from '@/ui/resource/list/resource-table';
import { useListControls } from '@/ui/resource/list/use-list-controls';
import type { AnyView } from '@/ui/resource/view-config';
import { useNarrowScreen } from '@/ui/use-narrow-screen';

export type Rights = { create: boolean; update: boolean; delete: boolean };

/**
 * A part of a resource's rows: only those whose fields hold these values (a topic's contents),
 * and a new record starts with them.
 */
export type Scope = Record<string, string | null>;

type Props = {
  view: AnyView;
  db: LocalDb;
  rights: Rights;
  scope?: Scope;
  linkOf?: RowsProps['linkOf'];
  /** Drawn inside another page (a tab): a smaller heading and no breadcrumb of its own. */
  nested?: boolean;
};

/** List, search, sort, select, add, edit, delete and export of one resource, all from the local database. */
export function ResourceScreen({ view, db, rights, scope, linkOf, nested }: Props) {
  const { i18n } = useLingui();
  const controls = useListControls(view.resource);
  const [chosen, setFilters] = useState<Filters>({});
  const filters = useMemo(() => ({ ...chosen, ...scope }), [chosen, scope]);
  const rows = useResourceList(db, view.resource, { search: controls.search, sort: controls.sort, filters });
  const pending = usePendingMap(db, view.resource);
  const narrow = useNarrowScreen();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ row: LocalRow | null } | null>(null);
  // The form opens in a transition: its first render (a dialog of fields, 120–150 ms when its code
  // is cold) is drawn in slices, so no main-thread task reaches 100 ms (bench/video-offline.bench.ts).
  const openForm = useCallback((row: LocalRow | null) => startTransition(() => setEditing({ row })), []);
  const [deleting, setDeleting] = useState<LocalRow | null>(null);
  const selected = (selectedId && rows?.find((r) => r.id === selectedId)) || null;
  // Stable, so a row redraws only when its own record or state changes (TableRow is memoized).
  const onEdit = openForm;
  // Stable too, so a typed key redraws the search box and not the header, filters or rows (memoized).
  const onAdd = useCallback(() => openForm(null), [openForm]);
  const onEditSelected = useCallback(() => selected && openForm(selected), [selected, openForm]);
  const cards = narrow || controls.mode === 'grid';
  // A start on this page reads this table before the console's first render (early-list.ts).
  useEffect(() => {
    if (!nested) rememberList(window.location.pathname, view.resource);
  }, [nested, view.resource]);

  const rowsProps = {
    view,
    db,
    rows: rows ?? [],
    pending,
    selectedId: selected?.id ?? null,
    onSelect: setSelectedId,
    canUpdate: rights.update,
    canDelete: rights.delete,
    onEdit,
    onDelete: setDeleting,
    sort: controls.sort,
    onSort: controls.toggleSort,
    linkOf,
  };

  return (
    <Stack gap="4">
      <ResourceHeader
        view={view}
        db={db}
        rows={rows}
        mode={controls.mode}
        onMode={controls.setMode}
        showModes={!narrow}
        canCreate={rights.create}
        canUpdate={rights.update}
        hasSelection={!!selected}
        onAdd={onAdd}
        onEditSelected={onEditSelected}
        nested={nested}
      />
      <ListToolbar
        view={view}
        searchText={controls.searchText}
        onSearch={controls.setSearchText}
        showSort={cards}
        sortable={controls.sortable}
        sort={controls.sort}
        onSort={controls.setSort}
      />
      <FilterBar view={view} db={db} filters={chosen} onChange={setFilters} />
      {!rows ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <EmptyState
          searching={!!controls.search.trim() || Object.keys(chosen).length > 0}
          hint={view.emptyHint && (rights.create ? i18n._(view.emptyHint) : undefined)}
          title={view.emptyTitle && i18n._(view.emptyTitle)}
        />
      ) : cards ? (
        <ResourceCards {...rowsProps} single={narrow} />
      ) : (
        <ResourceTable {...rowsProps} />
      )}
      {/* A view with pages of its own for editing (the quiz builder) opens them instead of the dialog. */}
      {editing && view.editor && (
        <Navigate to={editing.row ? view.editor.edit(editing.row.id) : view.editor.add} />
      )}
      {editing && !view.editor && (
        <ResourceForm
          key={editing.row?.id ?? 'new'}
          view={view}
          db={db}
          row={editing.row}
          scope={scope}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteConfirm view={view} db={db} row={deleting} onDone={() => setDeleting(null)} />
    </Stack>
  );
}
