import type { I18n, MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { RESOURCES, ResourceName } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';

/** What the form holds: every field as the text of its input (dates as the input's local value). */
export type FormValues = Record<string, string>;

export type FieldName<N extends ResourceName> = keyof z.infer<(typeof RESOURCES)[N]['fields']> & string;

export interface Option {
  value: string;
  label: MessageDescriptor;
}

export type NumberUnit = 'minutes' | 'bytes';

/** The input drawn for a field. `image` stages a picked file under the contract's file kind. */
export type Widget =
  | { kind: 'text' | 'textarea' | 'url' | 'date' | 'datetime' | 'image' }
  /** Formatted text (headings, bold, lists, links) kept as a Markdown subset (ui/rich-text). */
  | { kind: 'richtext' }
  | { kind: 'select'; options: readonly Option[] }
  /** Several of fixed options as checkboxes (a course's channels), held as a JSON list. */
  | { kind: 'checks'; options: readonly Option[] }
  /** A boolean as a switch; the form holds 'true' / 'false'. */
  | { kind: 'switch' }
  /** A whole number typed by the admin (a reading time in minutes). */
  | { kind: 'number'; unit?: NumberUnit }
  /**
   * A value the server sets (a file's size, a video's length), shown and never edited. The
   * form sends the record's value back unchanged; the server replaces it anyway.
   */
  | { kind: 'readout'; unit?: NumberUnit }
  /**
   * A document, sound or video staged on this device and uploaded with tus under the contract's
   * file kind (an `image` widget is the same with a picture preview).
   */
  | { kind: 'file' }
  /** Several such files (attachments), held as a JSON list; at most `max`. */
  | { kind: 'files'; max: number }
  /** Several records of another resource (JSON list of ids); none chosen means "all". */
  | { kind: 'refs'; resource: ResourceName; labelFields: readonly string[]; noneLabel: MessageDescriptor }
  /** Write-only secret: never filled from the record; left empty on edit it is not sent (kept). */
  | { kind: 'password' }
  /**
   * A record of another resource, chosen from its live local rows (labelled by `labelFields`);
   * `choosable` narrows the choices to what the server's rules accept (a main topic as parent).
   */
  | {
      kind: 'ref';
      resource: ResourceName;
      labelFields: readonly string[];
      choosable?: (row: LocalRow) => boolean;
      /** Set by the server (a lesson's author): shown by name, never chosen. */
      readOnly?: boolean;
    }
  /**
   * A record of the resource that another field names (a deep link's target: `targetKind` says
   * Topic or Article, this picks the record). Changing that field empties this one.
   */
  | {
      kind: 'refByKind';
      kindField: string;
      targets: Readonly<Record<string, { resource: ResourceName; labelFields: readonly string[] }>>;
    }
  /** A role's permission matrix (contract/permissions.ts), held as JSON text. */
  | { kind: 'permissions' }
  /** Not drawn: the record's value (JSON text) is kept as it is, e.g. a list edited elsewhere. */
  | { kind: 'kept' };

export interface FieldView {
  label: MessageDescriptor;
  widget: Widget;
  /** Half a row on wider screens (start and end side by side); full width otherwise. */
  half?: boolean;
  /** Shown (and sent) only when this holds; a hidden field is sent empty. */
  visibleWhen?: (values: FormValues) => boolean;
  /** Chosen when the record is made, then shown read-only (a deep link's code). */
  fixedOnEdit?: boolean;
}

/** A list cell drawn by the view itself (a short link with its QR code button). */
export type CellComponent = ComponentType<{ db: LocalDb; row: LocalRow }>;

/** A list column that is no field of the record but computed from it (a quiz's number of questions). */
export interface ComputedColumn {
  label: MessageDescriptor;
  cell: CellComponent;
}

/**
 * Pages that edit a record of the view instead of the form dialog (the quiz builder): "Add" opens
 * `add`, "Edit" opens `edit(id)`. The list, its delete and its export stay the generic ones.
 */
export interface EditorPages {
  add: string;
  edit: (id: string) => string;
}

/**
 * The little a resource adds to its contract definition to get its screens: translated labels,
 * widgets, list columns and the success messages of spec section 8. No screen code per resource.
 */
export interface ResourceView<N extends ResourceName = ResourceName, C extends string = never> {
  resource: N;
  title: MessageDescriptor;
  /** Breadcrumb above the title, outermost first. */
  trail?: readonly MessageDescriptor[];
  /** Form order; labels also head the list columns and the export. */
  fields: Record<FieldName<N>, FieldView>;
  /** List columns: fields, or keys of `computed`. */
  columns: readonly (FieldName<N> | NoInfer<C>)[];
  /** Columns computed from the row, named in `columns`; not sortable, not exported. */
  computed?: Record<C, ComputedColumn>;
  /** Add and edit open these pages instead of the form dialog. */
  editor?: EditorPages;
  /** Fields offered as list filters (ref, select or switch widgets); none: no filter bar. */
  filters?: readonly FieldName<N>[];
  /** The field that names a record (card title, delete confirmation). */
  titleField: FieldName<N>;
  /**
   * Text columns an admin scans for first (an employee ID, a name): the table sizes them to their
   * longest value so they are never cut at 1280 px; the other columns give way.
   */
  keyColumns?: readonly FieldName<N>[];
  /** The empty list's own words instead of "No data available" (spec section 8: "no quiz data"). */
  emptyTitle?: MessageDescriptor;
  /** What the empty list tells the admin to do (below "No data available"). */
  emptyHint?: MessageDescriptor;
  /**
   * One more action on each row beside edit and delete (preview a video, show a QR code): its
   * label and the dialog it opens, for everyone who may read the list.
   */
  rowAction?: RowAction;
  /** Pages of a record (a course's videos, users and report), offered in a menu on each row. */
  rowLinks?: (row: LocalRow) => readonly RowLink[];
  /**
   * Why this record cannot be deleted now, read from the local rows (e.g. a role still in use),
   * or null. Checked before the delete is queued, so the admin reads the reason at once.
   */
  deleteBlocker?: (db: LocalDb, row: LocalRow, i18n: I18n) => Promise<string | null>;
  /** A boolean field switched straight from the list (a user's active state). */
  rowToggle?: RowToggleView<FieldName<N>>;
  /** Cells of the list and the cards that the view draws itself, by field. */
  cells?: Partial<Record<FieldName<N>, CellComponent>>;
  /**
   * Rules that read other local rows (the admin's own role…), run before a save is queued:
   * field -> the contract's message, the one the server answers with when it refuses.
   */
  check?: (ctx: RuleContext) => Promise<Partial<Record<string, string>>>;
  /** Initial values of a new record read from the local rows (e.g. the default role). */
  defaults?: (db: LocalDb) => Promise<Partial<FormValues>>;
  /** Initial values of a new record beyond the contract's defaults. */
  initial?: () => Partial<Record<FieldName<N>, string>>;
  /** Form titles and the success messages of spec section 8, one set per resource. */
  messages: {
    add: MessageDescriptor;
    edit: MessageDescriptor;
    created: MessageDescriptor;
    updated: MessageDescriptor;
    deleted: MessageDescriptor;
  };
}

export interface RowLink {
  label: MessageDescriptor;
  to: string;
}

export interface RowAction {
  /** Given the record's name: the button's accessible label. */
  label: (name: string) => MessageDescriptor;
  icon: ComponentType;
  Dialog: ComponentType<{ db: LocalDb; row: LocalRow; onClose: () => void }>;
}

export interface RowToggleView<F extends string = string> {
  field: F;
  /** Toasts after the switch, given the record's name. */
  turnedOn: (name: string) => MessageDescriptor;
  turnedOff: (name: string) => MessageDescriptor;
  /** Turning it off asks first: what happens, and the button that does it. */
  confirmOff: {
    title: (name: string) => MessageDescriptor;
    body: (name: string) => MessageDescriptor;
    action: MessageDescriptor;
  };
}

export interface RuleContext {
  db: LocalDb;
  /** The record being saved. */
  id: string;
  /** Its editable fields as the contract takes them. */
  payload: Record<string, unknown>;
  /** The signed-in admin. */
  userId: string | null;
}

/** The name-erased view the generic components work with. */
export type AnyView = Omit<
  ResourceView,
  | 'fields'
  | 'columns'
  | 'filters'
  | 'titleField'
  | 'keyColumns'
  | 'initial'
  | 'rowToggle'
  | 'cells'
  | 'computed'
> & {
  computed?: Partial<Record<string, ComputedColumn>>;
  rowToggle?: RowToggleView;
  cells?: Partial<Record<string, CellComponent>>;
  fields: Record<string, FieldView>;
  columns: readonly string[];
  filters?: readonly string[];
  titleField: string;
  keyColumns?: readonly string[];
  initial?: () => Partial<FormValues>;
};

/** Checks a view against its resource's fields, then hands the generic screens the erased form. */
export const defineView = <N extends ResourceName, C extends string = never>(
  view: ResourceView<N, C>,
): AnyView => view as unknown as AnyView;

/** The translated heading of a list column: its field's label, or its computed column's. */
export const columnLabel = (view: AnyView, column: string) =>
  view.fields[column]?.label ?? view.computed?.[column]?.label;
