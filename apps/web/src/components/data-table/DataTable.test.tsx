import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './DataTable.tsx';
import type { DataColumn } from './data-table-types.ts';
import { compareSortValues, nextSort, sortRows } from './sort-rows.ts';

interface Stock {
  symbol: string;
  price: number | null;
}

const rows: Stock[] = [
  { symbol: 'TCS', price: 4100 },
  { symbol: 'INFY', price: null },
  { symbol: 'RELIANCE', price: 2950 },
  { symbol: 'HDFCBANK', price: 1720 },
];
const columns: DataColumn<Stock>[] = [
  { id: 'symbol', header: 'Symbol', cell: (r) => r.symbol, sortValue: (r) => r.symbol },
  { id: 'price', header: 'Price', cell: (r) => (r.price === null ? '--' : String(r.price)), sortValue: (r) => r.price, align: 'end' },
  { id: 'note', header: 'Note', cell: () => '' },
];

const bodyTexts = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td:nth-child(1)')?.textContent);

describe('sort-rows', () => {
  it('compares numbers, bigints and text, with missing values last', () => {
    expect(compareSortValues(2, 10)).toBeLessThan(0);
    expect(compareSortValues(10n, 2n)).toBeGreaterThan(0);
    expect(compareSortValues('NIFTY 9', 'NIFTY 10')).toBeLessThan(0);
    expect(compareSortValues(null, 1)).toBeGreaterThan(0);
    expect(compareSortValues(undefined, null)).toBe(0);
  });

  it('keeps missing values last in both directions and keeps ties stable', () => {
    const asc = sortRows(rows, columns, { columnId: 'price', direction: 'asc' }).map((r) => r.symbol);
    const desc = sortRows(rows, columns, { columnId: 'price', direction: 'desc' }).map((r) => r.symbol);
    expect(asc).toEqual(['HDFCBANK', 'RELIANCE', 'TCS', 'INFY']);
    expect(desc).toEqual(['TCS', 'RELIANCE', 'HDFCBANK', 'INFY']);
  });

  it('cycles a header through ascending, descending and the original order', () => {
    expect(nextSort(null, 'a')).toEqual({ columnId: 'a', direction: 'asc' });
    expect(nextSort({ columnId: 'a', direction: 'asc' }, 'a')).toEqual({ columnId: 'a', direction: 'desc' });
    expect(nextSort({ columnId: 'a', direction: 'desc' }, 'a')).toBeNull();
    expect(nextSort({ columnId: 'a', direction: 'desc' }, 'b')).toEqual({ columnId: 'b', direction: 'asc' });
  });
});

describe('DataTable', () => {
  it('is a named table whose sortable headers sort and announce it', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Stocks" columns={columns} rows={rows} rowKey={(r) => r.symbol} />);
    expect(screen.getByRole('table', { name: 'Stocks' })).toBeTruthy();
    expect(bodyTexts()).toEqual(['TCS', 'INFY', 'RELIANCE', 'HDFCBANK']);
    expect(within(screen.getByRole('columnheader', { name: 'Note' })).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Symbol/ }));
    expect(bodyTexts()).toEqual(['HDFCBANK', 'INFY', 'RELIANCE', 'TCS']);
    expect(screen.getByRole('columnheader', { name: /Symbol/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: /Symbol/ }));
    expect(bodyTexts()).toEqual(['TCS', 'RELIANCE', 'INFY', 'HDFCBANK']);
    expect(screen.getByRole('columnheader', { name: /Symbol/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('shows loading, error and empty states in place of rows', () => {
    const { rerender } = render(<DataTable caption="Stocks" columns={columns} rows={undefined} rowKey={(r) => r.symbol} />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    rerender(<DataTable caption="Stocks" columns={columns} rows={[]} rowKey={(r) => r.symbol} empty="No stocks" />);
    expect(screen.getByText('No stocks')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<DataTable caption="Stocks" columns={columns} rows={rows} error="Server down" rowKey={(r) => r.symbol} />);
    expect(screen.getByRole('alert').textContent).toBe('Server down');
    expect(screen.queryByText('TCS')).toBeNull();
    rerender(<DataTable caption="Stocks" columns={columns} rows={rows} loading rowKey={(r) => r.symbol} />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('TCS')).toBeTruthy();
  });

  it('expands a row under itself; singleExpand keeps one open', async () => {
    const user = userEvent.setup();
    render(
      <DataTable
        caption="Stocks"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.symbol}
        singleExpand
        expandLabel={(r) => `Details of ${r.symbol}`}
        renderExpanded={(r) => (r.price === null ? null : <p>About {r.symbol}</p>)}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Details of INFY' })).toBeNull();
    const tcs = screen.getByRole('button', { name: 'Details of TCS' });
    await user.click(tcs);
    expect(tcs.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(tcs.getAttribute('aria-controls') ?? '')?.textContent).toBe('About TCS');
    await user.click(screen.getByRole('button', { name: 'Details of RELIANCE' }));
    expect(screen.queryByText('About TCS')).toBeNull();
    expect(screen.getByText('About RELIANCE')).toBeTruthy();
  });

  it('follows controlled expansion and sort', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [open, setOpen] = useState<ReadonlySet<string>>(new Set(['HDFCBANK']));
      return (
        <>
          <output aria-label="open">{[...open].join(',')}</output>
          <DataTable
            caption="Stocks"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.symbol}
            sort={{ columnId: 'price', direction: 'desc' }}
            onSortChange={() => undefined}
            expandedKeys={open}
            onExpandedChange={setOpen}
            renderExpanded={(r) => <p>About {r.symbol}</p>}
          />
        </>
      );
    }
    render(<Controlled />);
    expect(bodyTexts()[0]).toBe('');
    expect(screen.getByText('About HDFCBANK')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Details' })[0] as HTMLElement);
    expect(screen.getByLabelText('open').textContent).toBe('HDFCBANK,TCS');
  });
});
