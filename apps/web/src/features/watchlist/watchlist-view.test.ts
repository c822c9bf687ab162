import { DEFAULT_COLUMN_IDS, type WatchlistGroup, type WatchlistSymbolRow } from '@kite/domain';
import { describe, expect, it } from 'vitest';
import { initialSelection, keepSelection } from './watchlist-selection.ts';
import { columnsShown, displayValue, exportTable, filterRows } from './watchlist-view.ts';
import { toCsv } from '../../lib/export/table-export.ts';

const settings = {
  assetClass: 'EQUITY' as const,
  equityColumns: [...DEFAULT_COLUMN_IDS],
  futureColumns: [4, 5, 19],
  optionsColumns: [4, 5],
};
export function group(id: string, patch: Partial<WatchlistGroup> = {}): WatchlistGroup {
  return {
    id,
    name: id,
    channel: 'WEB',
    type: 'user',
    isEditable: true,
    isMobile: false,
    isChecked: false,
    favid: '0',
    settings,
    ...patch,
  };
}

function row(displaySym: string, ltp: string, vol: number, companyName = displaySym): WatchlistSymbolRow {
  return {
    sym: {
      id: `${displaySym}-ID`,
      exc: 'NSE',
      exc_seg: 'nse_cm',
      instr: 'STK',
      xSym: `${displaySym}_NSE`,
      trSymbol: `${displaySym}-EQ`,
      assetClass: 'EQUITY',
    },
    exc: 'NSE',
    streamSym: displaySym,
    companyName,
    displaySym,
    uniqueId: `NSE|${displaySym}`,
    ltp,
    chng: '1.00',
    chngPer: '0.10',
    bidPrice: ltp,
    askPrice: ltp,
    bidQty: 1,
    askQty: 1,
    ltq: 1,
    totBuyQty: 1,
    totSellQty: 1,
    lTradedTime: '',
    lUpdatedTime: '',
    avgTradedPrice: ltp,
    closePrice: ltp,
    highPrice: ltp,
    lowPrice: ltp,
    openPrice: ltp,
    vol,
    dpr: '1.00 - 2.00',
    openInterest: null,
    isResearchAvail: false,
    lot: 1,
    tickSize: '0.05',
    tradable: true,
  };
}

const rows = [
  row('RELIANCE', '1510.20', 500, 'Reliance Industries'),
  row('TCS', '3300.00', 90, 'Tata Consultancy'),
  row('ITC', '410.55', 4000),
];
const noTick = () => undefined;

describe('watchlist view (trading.md 2.6, 5.3, 9)', () => {
  it('shows the chosen columns of the active asset tab, chart last; expanded adds the extra ones', () => {
    expect(columnsShown(group('a'), false).map((c) => c.id)).toEqual([4, 5, 6, 7, 9, 10, 11, 12, 13, 58]);
    expect(
      columnsShown(group('a', { settings: { ...settings, assetClass: 'FUTURE' } }), false).map((c) => c.apikey),
    ).toEqual(['companyName', 'ltp', 'openInterest']);
    const expanded = columnsShown(group('a'), true).map((c) => c.id);
    expect(expanded).toContain(17);
    expect(expanded).toContain(18);
    expect(expanded.at(-1)).toBe(58);
  });

  it('filters numeric columns with operators, text with contains, symbol by id or company', () => {
    const names = (f: Record<string, string>) => filterRows(rows, f, noTick).map((r) => r.displaySym);
    expect(names({ ltp: '>1000' })).toEqual(['RELIANCE', 'TCS']);
    expect(names({ ltp: '<=410.55' })).toEqual(['ITC']);
    expect(names({ vol: '=90' })).toEqual(['TCS']);
    expect(names({ ltp: '>' })).toEqual(['RELIANCE', 'TCS', 'ITC']);
    expect(names({ companyName: 'tata' })).toEqual(['TCS']);
    expect(names({ companyName: 'rel', ltp: '>2000' })).toEqual([]);
    expect(names({ exc: 'ns' })).toEqual(['RELIANCE', 'TCS', 'ITC']);
  });

  it('shows quantities with Indian grouping, as the depth widget does (trading.md 9)', () => {
    const r = { ...row('RELIANCE', '1526.30', 3220500), bidQty: 12000, ltq: 5 };
    expect(displayValue(r, undefined, 'vol')).toBe('32,20,500');
    expect(displayValue(r, undefined, 'bidQty')).toBe('12,000');
    expect(displayValue(r, undefined, 'ltq')).toBe('5');
    expect(displayValue(r, undefined, 'ltp')).toBe('1,526.30');
  });

  it('exports the shown columns without the chart, as RFC 4180 CSV', () => {
    const table = exportTable(columnsShown(group('a'), false), rows.slice(0, 1), noTick);
    expect(table[0]).toEqual([
      'Symbol',
      'LTP',
      'Change',
      '%Change',
      'Bid Price',
      'Bid Qty',
      'Offer Qty',
      'Offer Price',
      'Volume',
    ]);
    expect(table[1]).toEqual(['RELIANCE', '1510.20', '1.00', '0.10', '1510.20', '1', '1', '1510.20', '500']);
    expect(
      toCsv([
        ['a,b', 'say "hi"'],
        ['1', '2'],
      ]),
    ).toBe('"a,b","say ""hi"""\r\n1,2\r\n');
  });

  it('picks favourites first and never shows one group in both panes; after a delete, editable then mobile then the rest', () => {
    const all = [
      group('a'),
      group('b', { favid: '2' }),
      group('m', { type: 'mobile', isEditable: false, isMobile: true }),
      group('P', { type: 'predef', isEditable: false }),
    ];
    expect(initialSelection(all)).toEqual(['a', 'b']);
    expect(initialSelection([{ ...all[0]!, favid: '1' }, all[3]!])).toEqual(['a', 'P']);
    expect(
      keepSelection(
        all.filter((g) => g.id !== 'a'),
        ['a', 'b'],
      ),
    ).toEqual(['m', 'b']);
    expect(keepSelection([all[3]!, all[2]!], ['a', 'b'])).toEqual(['m', 'P']);
  });
});
