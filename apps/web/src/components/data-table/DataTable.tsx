import { Fragment, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { DataColumn, DataTableProps, SortState } from './data-table-types.ts';
import { nextSort, sortRows } from './sort-rows.ts';
import styles from './data-table.module.css';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function Chevron({ open }: { open: boolean }) {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={open ? styles.chevronOpen : styles.chevron}>
      <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function SortMark({ direction }: { direction: 'asc' | 'desc' | null }) {
  return (
    <span className={styles.sortMark} data-direction={direction ?? 'none'} aria-hidden="true">
      {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
    </span>
  );
}

/** A column's cell classes, the same in the header and the body. */
function cellClassName<Row>(column: DataColumn<Row>): string {
  return [styles[column.align ?? 'start'], column.pinEnd ? styles.pinEnd : '', column.className].filter(Boolean).join(' ');
}

function HeaderCell<Row>({ column, sort, onSort }: { column: DataColumn<Row>; sort: SortState | null; onSort: (id: string) => void }) {
  const direction = sort?.columnId === column.id ? sort.direction : null;
  const className = cellClassName(column);
  if (!column.sortValue) {
    return (
      <th scope="col" className={className} aria-label={column.label}>
        {column.header}
      </th>
    );
  }
  return (
    <th scope="col" className={className} aria-sort={direction ? ARIA_SORT[direction] : 'none'}>
      <button type="button" className={styles.sortButton} aria-label={column.label} onClick={() => onSort(column.id)}>
        {column.header}
        <SortMark direction={direction} />
      </button>
    </th>
  );
}

/**
 * Whether the table is wider than its scroll area, kept up to date as either changes size: a pinned column draws its
 * edge only then (it has nothing scrolling under it otherwise).
 */
function useOverflowing(scroller: RefObject<HTMLDivElement | null>, watch: boolean): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    const box = scroller.current;
    const table = box?.firstElementChild;
    if (!watch || !box || !table || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(table.scrollWidth > box.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    observer.observe(table);
    measure();
    return () => observer.disconnect();
  }, [scroller, watch]);
  return overflowing;
}

function StateRow({ span, role, children }: { span: number; role?: 'status' | 'alert'; children: ReactNode }) {
  return (
    <tr className={styles.stateRow}>
      <td colSpan={span}>
        <div role={role} className={role === 'alert' ? styles.error : styles.state}>
          {children}
        </div>
      </td>
    </tr>
  );
}

/**
 * THE table of the app (STYLE.md "one design system"): sortable headers, expandable rows, loading, empty and error
 * states, sticky header and tabular numerals. Rows are keyed by rowKey, never by index. See README.md.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    caption,
    showCaption = false,
    columns,
    rows,
    rowKey,
    loading = false,
    error,
    empty = 'No data',
    loadingText = 'Loading…',
    renderExpanded,
    expandToggle = true,
    totalRow,
    singleExpand = false,
    expandLabel = () => 'Details',
    rowClassName,
    stickyHeader = true,
    density = 'regular',
    className,
  } = props;
  const [ownSort, setOwnSort] = useState<SortState | null>(props.defaultSort ?? null);
  const [ownExpanded, setOwnExpanded] = useState<ReadonlySet<string>>(new Set());
  const baseId = useId();
  const sort = props.onSortChange ? (props.sort ?? null) : ownSort;
  const expanded = props.expandedKeys ?? ownExpanded;
  const showToggle = renderExpanded !== undefined && expandToggle;
  const span = columns.length + (showToggle ? 1 : 0);

  const onSort = (columnId: string) => {
    const next = nextSort(sort, columnId);
    if (props.onSortChange) props.onSortChange(next);
    else setOwnSort(next);
  };
  const toggle = (key: string) => {
    const next = new Set(singleExpand ? [] : expanded);
    if (expanded.has(key)) next.delete(key);
    else next.add(key);
    if (props.onExpandedChange) props.onExpandedChange(next);
    else setOwnExpanded(next);
  };

  const shown = rows ? sortRows(rows, columns, sort) : [];
  let body: ReactNode;
  if (error !== undefined && error !== null && error !== false) {
    body = (
      <StateRow span={span} role="alert">
        {error}
      </StateRow>
    );
  } else if (rows === undefined || (loading && rows.length === 0)) {
    body = (
      <StateRow span={span} role="status">
        {loadingText}
      </StateRow>
    );
  } else if (rows.length === 0) {
    body = <StateRow span={span}>{empty}</StateRow>;
  } else {
    body = shown.map((row) => {
      const key = rowKey(row);
      const content = renderExpanded?.(row) ?? null;
      const open = content !== null && expanded.has(key);
      const areaId = `${baseId}-${key}`;
      return (
        <Fragment key={key}>
          <tr className={[styles.row, open ? styles.rowOpen : '', rowClassName?.(row)].filter(Boolean).join(' ')} data-row-key={key}>
            {showToggle && (
              <td className={styles.toggleCell}>
                {content !== null || expanded.has(key) ? (
                  <button
                    type="button"
                    className={styles.toggle}
                    aria-expanded={open}
                    aria-controls={open ? areaId : undefined}
                    aria-label={expandLabel(row)}
                    onClick={() => toggle(key)}
                  >
                    <Chevron open={open} />
                  </button>
                ) : null}
              </td>
            )}
            {columns.map((column) => (
              <td key={column.id} className={cellClassName(column)}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
          {open && (
            <tr className={styles.expandedRow}>
              <td colSpan={span} id={areaId}>
                {content}
              </td>
            </tr>
          )}
        </Fragment>
      );
    });
  }

  const scroller = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(scroller, columns.some((column) => column.pinEnd));
  return (
    <div ref={scroller} className={[styles.scroller, className].filter(Boolean).join(' ')} data-overflowing={overflowing || undefined}>
      <table
        className={[styles.table, styles[density], stickyHeader ? styles.sticky : ''].filter(Boolean).join(' ')}
        aria-busy={loading || undefined}
      >
        <caption className={showCaption ? styles.caption : styles.visuallyHidden}>{caption}</caption>
        {columns.some((c) => c.width) && (
          <colgroup>
            {showToggle && <col className={styles.toggleCol} />}
            {columns.map((column) => (
              <col key={column.id} style={column.width ? { width: column.width } : undefined} />
            ))}
          </colgroup>
        )}
        <thead>
          <tr>
            {showToggle && (
              <th scope="col" className={styles.toggleCell}>
                <span className={styles.visuallyHidden}>Expand</span>
              </th>
            )}
            {columns.map((column) => (
              <HeaderCell key={column.id} column={column} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
        {totalRow && rows !== undefined && rows.length > 0 && !error && (
          <tfoot>
            <tr className={[styles.totalRow, totalRow.className].filter(Boolean).join(' ')}>
              {showToggle && <td className={styles.toggleCell} />}
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.id} scope="row" className={cellClassName(column)}>
                    {totalRow.cells[column.id]}
                  </th>
                ) : (
                  <td key={column.id} className={cellClassName(column)}>
                    {totalRow.cells[column.id]}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
