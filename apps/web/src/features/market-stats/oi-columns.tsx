import { formatQuantity, marketStatsText, parsePrice, type OiRow } from '@kite/domain';
import type { DataColumn } from '../../components/data-table/index.ts';
import { Change } from './Change.tsx';
import { grouped } from './stats-format.ts';

const text = marketStatsText;
const fno = text.fno;

const contract: DataColumn<OiRow> = {
  id: 'contract',
  header: fno.columns.contract,
  cell: (row) => <strong>{row.displaySym}</strong>,
  sortValue: (row) => row.displaySym,
};
const ltp: DataColumn<OiRow> = {
  id: 'ltp',
  header: text.columns.ltp,
  cell: (row) => grouped(row.ltp),
  sortValue: (row) => parsePrice(row.ltp, 2),
  align: 'end',
};
const chngPer: DataColumn<OiRow> = {
  id: 'chngPer',
  header: text.columns.changePer,
  cell: (row) => <Change value={row.chngPer} percent />,
  sortValue: (row) => parsePrice(row.chngPer, 2),
  align: 'end',
};
const oi: DataColumn<OiRow> = {
  id: 'oi',
  header: fno.columns.oi,
  cell: (row) => formatQuantity(row.openInterest),
  sortValue: (row) => row.openInterest,
  align: 'end',
};
const oiChange: DataColumn<OiRow> = {
  id: 'oiChange',
  header: fno.columns.oiChange,
  cell: (row) => formatQuantity(row.oiChange),
  sortValue: (row) => row.oiChange,
  align: 'end',
};
const oiChangePer: DataColumn<OiRow> = {
  id: 'oiChangePer',
  header: fno.columns.oiChangePer,
  cell: (row) => <Change value={row.oiChangePer} percent />,
  sortValue: (row) => parsePrice(row.oiChangePer, 2),
  align: 'end',
};

/** Each column on its own, for pages that add their own beside them. */
export const oiColumn = { contract, ltp, chngPer, oi, oiChange, oiChangePer };

/** A futures or options contract with its price change and its open interest and the change of it today. */
export const oiColumns: readonly DataColumn<OiRow>[] = [contract, ltp, chngPer, oi, oiChange, oiChangePer];
