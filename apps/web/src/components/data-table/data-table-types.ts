import type { ReactNode } from 'react';

/** What a column sorts by: numbers and bigints compare as numbers, strings by locale; null always sorts last. */
export type SortValue = string | number | bigint | null | undefined;

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  columnId: string;
  direction: SortDirection;
}

export interface DataColumn<Row> {
  /** Stable id: the sort state and React keys use it. */
  id: string;
  /** Header content; a string also names the sort button. */
  header: ReactNode;
  /** The cell's content. */
  cell: (row: Row) => ReactNode;
  /** Giving a sort value makes the column sortable by clicking its header. */
  sortValue?: (row: Row) => SortValue;
  /** Numeric columns align right; every cell already uses tabular numerals. */
  align?: 'start' | 'center' | 'end';
  /** A CSS width for the column (e.g. '96px', '12%'). */
  width?: string;
  /** The header's accessible name when header is not plain text (an icon, say). */
  label?: string;
  /** The column stays in view at the right edge while a table wider than its space scrolls sideways (row actions). */
  pinEnd?: boolean;
  /** Extra class for this column's cells (header and body). */
  className?: string;
}

export interface DataTableProps<Row> {
  /** The table's accessible name; visually hidden unless showCaption. */
  caption: string;
  showCaption?: boolean;
  columns: readonly DataColumn<Row>[];
  /** undefined while the first load is under way. */
  rows: readonly Row[] | undefined;
  /** A stable, unique key per row (an order id, a symbol key): never the index. */
  rowKey: (row: Row) => string;
  /** Shows the loading state (rows kept, marked busy, when some are already shown). */
  loading?: boolean;
  /** An error replaces the rows with the message (role=alert). */
  error?: ReactNode;
  /** Shown when rows is an empty list. */
  empty?: ReactNode;
  /** Loading text; defaults to 'Loading…'. */
  loadingText?: ReactNode;
  /** Uncontrolled sort: the starting order. Leave out to keep the rows' own order until a header is clicked. */
  defaultSort?: SortState;
  /** Controlled sort: give both sort and onSortChange. */
  sort?: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
  /** Content of the expanded area under a row; the row is expandable when this gives something other than null. */
  renderExpanded?: (row: Row) => ReactNode;
  /** Controlled expansion: keys of the expanded rows (give onExpandedChange too). */
  expandedKeys?: ReadonlySet<string>;
  onExpandedChange?: (keys: ReadonlySet<string>) => void;
  /** With renderExpanded, adds a leading column with a disclosure button per row (default true). */
  expandToggle?: boolean;
  /** Accessible name of a row's disclosure button (default 'Details'). */
  expandLabel?: (row: Row) => string;
  /** Uncontrolled expansion: only one row open at a time. */
  singleExpand?: boolean;
  /** Extra class per row (e.g. a rejected order). */
  rowClassName?: (row: Row) => string | undefined;
  /** Sticky header inside the table's own scroll area (default true). */
  stickyHeader?: boolean;
  /**
   * A summary row under the rows (a TOTAL line): `cells` by column id (missing ids stay empty); the first column's
   * cell is a row header. Shown only while there are rows.
   */
  totalRow?: { cells: Readonly<Record<string, ReactNode>>; className?: string };
  /** 'compact' rows for widgets, 'regular' for screens. */
  density?: 'compact' | 'regular';
  className?: string;
}
