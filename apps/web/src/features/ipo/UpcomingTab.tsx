import { displayDate, formatAmount, investingText, parseRupees, type UpcomingIpo } from '@kite/domain';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useUpcomingIpos } from './api/ipo-calls.ts';
import { ipoErrorText } from './ipo-rules.ts';

const text = investingText.ipo;
const c = text.columns;

const columns: DataColumn<UpcomingIpo>[] = [
  { id: 'lname', header: c.companyName, cell: (u) => u.lname, sortValue: (u) => u.lname },
  { id: 'issueType', header: c.issueType, cell: (u) => u.issueType },
  { id: 'price', header: c.issuePrice, cell: (u) => `₹ ${u.price}`, align: 'end' },
  { id: 'minQty', header: c.minQty, cell: (u) => u.minQty, align: 'end' },
  { id: 'qtyMultiple', header: c.qtyMultiple, cell: (u) => u.qtyMultiple, align: 'end' },
  {
    id: 'maxRetail',
    header: c.maxRetail,
    cell: (u) => `₹ ${formatAmount(parseRupees(u.maxRetailPrice) ?? 0)}`,
    align: 'end',
  },
  { id: 'opendate', header: c.startDate, cell: (u) => displayDate(u.opendate) },
  { id: 'closedate', header: c.endDate, cell: (u) => displayDate(u.closedate) },
  {
    id: 'prospectus',
    header: c.prospectus,
    cell: (u) => (
      <a href={u.prospectus} target="_blank" rel="noreferrer">
        {text.prospectus}
      </a>
    ),
  },
];

/** The Upcoming tab's handler (investing.md 2: it exists, the tab is not listed; reached with ?tab=upcoming). */
export function UpcomingTab() {
  const query = useUpcomingIpos(true);
  return (
    <DataTable
      caption={text.tabs.upcoming}
      columns={columns}
      rows={query.data}
      rowKey={(u) => u.symbol}
      loading={query.isFetching}
      loadingText={text.loading}
      error={query.error ? ipoErrorText(query.error.message) : undefined}
      empty={text.noUpcoming}
    />
  );
}
