import type { DataColumn, SortDirection, SortState, SortValue } from './data-table-types.ts';

const collator = new Intl.Collator('en-IN', { numeric: true, sensitivity: 'base' });

function isMissing(value: SortValue): value is null | undefined {
  return value === null || value === undefined;
}

/** Compares two sort values in ascending order; a missing value is greater than any other (it sorts last). */
export function compareSortValues(a: SortValue, b: SortValue): number {
  if (isMissing(a) || isMissing(b)) return isMissing(a) === isMissing(b) ? 0 : isMissing(a) ? 1 : -1;
  if (typeof a === 'string' || typeof b === 'string') return collator.compare(String(a), String(b));
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The rows in the column's order; equal rows keep their order, and missing values stay last in both directions. */
export function sortRows<Row>(rows: readonly Row[], columns: readonly DataColumn<Row>[], sort: SortState | null): readonly Row[] {
  if (!sort) return rows;
  const column = columns.find((c) => c.id === sort.columnId);
  const value = column?.sortValue;
  if (!value) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((x, y) => {
      if (isMissing(x.key) !== isMissing(y.key)) return isMissing(x.key) ? 1 : -1;
      return sign * compareSortValues(x.key, y.key) || x.index - y.index;
    })
    .map((entry) => entry.row);
}

/** Clicking a header: ascending first, then descending, then back to the rows' own order. */
export function nextSort(current: SortState | null, columnId: string): SortState | null {
  if (current?.columnId !== columnId) return { columnId, direction: 'asc' };
  const order: (SortDirection | null)[] = ['asc', 'desc', null];
  const next = order[order.indexOf(current.direction) + 1] ?? null;
  return next ? { columnId, direction: next } : null;
}
