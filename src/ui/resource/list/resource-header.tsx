import { Badge, Button, ButtonGroup, Flex, Heading, HStack, IconButton, Stack } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { PageTrail } from '@/ui/page-trail';
import { ExportButton } from '@/ui/resource/export/export-button';
import type { ViewMode } from '@/ui/resource/list/use-list-controls';
import { EditIcon, GridIcon, ListIcon, PlusIcon } from '@/ui/resource/resource-icons';
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

/** The breadcrumb header of spec section 2: item count, list/grid toggle, add/edit, Excel export. */
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
  return (
    <Stack gap="2">
      <PageTrail
        hidden={nested}
        crumbs={(view.trail ?? []).map((c) => ({ label: i18n._(c) }))}
        current={title}
      />
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <HStack gap="3">
          <Heading as={nested ? 'h2' : 'h1'} size={nested ? 'lg' : 'xl'}>
            {title}
          </Heading>
          {rows && (
            <Badge variant="surface" data-testid="item-count">
              <Plural value={count} one="# item" other="# items" />
            </Badge>
          )}
        </HStack>
        <HStack gap="2" wrap="wrap">
          {showModes && (
            <ButtonGroup size="sm" variant="outline" attached>
              <IconButton
                aria-label={t`List view`}
                aria-pressed={mode === 'list'}
                onClick={() => onMode('list')}
                variant={mode === 'list' ? 'subtle' : 'outline'}
              >
                <ListIcon />
              </IconButton>
              <IconButton
                aria-label={t`Grid view`}
                aria-pressed={mode === 'grid'}
                onClick={() => onMode('grid')}
                variant={mode === 'grid' ? 'subtle' : 'outline'}
              >
                <GridIcon />
              </IconButton>
            </ButtonGroup>
          )}
          <ExportButton view={view} db={db} rows={rows} />
          {canUpdate && (
            <Button size="sm" variant="outline" onClick={onEditSelected} disabled={!hasSelection}>
              <EditIcon />
              <Trans>Edit</Trans>
            </Button>
          )}
          {canCreate && (
            <Button size="sm" onClick={onAdd}>
              <PlusIcon />
              <Trans>Add</Trans>
            </Button>
          )}
        </HStack>
      </Flex>
    </Stack>
  );
});
