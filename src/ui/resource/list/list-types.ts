import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow, OutboxState } from '@/data/db/local-types';
import type { Sort } from '@/ui/resource/list/use-list-controls';
import type { AnyView } from '@/ui/resource/view-config';

/** What the table and the card grid both need to draw and act on rows. */
export interface RowsProps {
  view: AnyView;
  db: LocalDb;
  rows: LocalRow[];
  pending: Map<string, OutboxState>;
  selectedId: string | null;
  onSelect: (id: string) => void;
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: (row: LocalRow) => void;
  onDelete: (row: LocalRow) => void;
  sort: Sort;
  onSort: (field: string) => void;
  /** Where a record's title leads (a topic opens its page); none: the title is plain text. */
  linkOf?: (row: LocalRow) => string | null;
}
