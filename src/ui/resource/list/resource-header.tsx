import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { PageTrail } from '@/ui/page-trail';
import { ExportButton } from '@/ui/resource/export/export-button';
import type { ViewMode } from '@/ui/resource/list/use-list-controls';
import { EditGlyph, GridGlyph, ListGlyph, PlusGlyph } from '@/ui/resource/resource-icons';
import type { AnyView } from '@/ui/resource/view-config';

type Props = {
  view: AnyView;
  db: LocalDb;
  rows: readonly LocalRow[] | undefined;
  mode: ViewMode;
  onMode: (mode: ViewMode) => void;
  showModes: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  hasSelection: boolean;
  onAdd: () => void;
  onEditSelected: () => void;
  nested?: boolean;
};

/**
 * The breadcrumb header of spec section 2: item count, list/grid toggle, add/edit, Excel export.
 * Plain elements styled by class (header-styles.ts, in the main stylesheet).
 */
export const ResourceHeader = memo(function ResourceHeader(props: Props) {
  const {
    view,
    db,
    rows,
    mode,
    onMode,
    showModes,
    canCreate,
    canUpdate,
    hasSelection,
    onAdd,
    onEditSelected,
    nested,
  } = props;
  const { i18n, t } = useLingui();
  const title = i18n._(view.title);
  const count = rows?.length ?? 0;
  const Title = nested ? 'h2' : 'h1';
  return (
    <div className="lac-list-head">
      <PageTrail
        hidden={nested}
        crumbs={(view.trail ?? []).map((c) => ({ label: i18n._(c) }))}
        current={title}
      />
      <div className="lac-list-bar">
        <div className="lac-list-title">
          <Title className={nested ? 'lac-heading-lg' : 'lac-heading-xl'}>{title}</Title>
          {rows && (
            <span className="lac-count" data-testid="item-count">
              <Plural value={count} one="# item" other="# items" />
            </span>
          )}
        </div>
        <div className="lac-list-actions">
          {showModes && (
            <div className="lac-group">
              {(['list', 'grid'] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  className={`lac-btn-icon ${mode === m ? 'lac-btn-subtle' : 'lac-btn-outline'}`}
                  aria-label={m === 'list' ? t`List view` : t`Grid view`}
                  aria-pressed={mode === m}
                  onClick={() => onMode(m)}
                >
                  {m === 'list' ? <ListGlyph /> : <GridGlyph />}
                </button>
              ))}
            </div>
          )}
          <ExportButton view={view} db={db} rows={rows} />
          {canUpdate && (
            <button
              type="button"
              className="lac-btn-outline"
              onClick={onEditSelected}
              disabled={!hasSelection}
            >
              <EditGlyph />
              <Trans>Edit</Trans>
            </button>
          )}
          {canCreate && (
            <button type="button" className="lac-btn-solid" onClick={onAdd}>
              <PlusGlyph />
              <Trans>Add</Trans>
            </button>
          )}
        </div>
      </div>
    </div>
  );
});
