export { DataTable } from './DataTable.tsx';
export type { DataColumn, DataTableProps, SortDirection, SortState, SortValue } from './data-table-types.ts';
export { compareSortValues, sortRows } from './sort-rows.ts';
