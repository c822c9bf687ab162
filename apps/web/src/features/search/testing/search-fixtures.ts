import type { SearchResult, SymbolObject } from '@kite/domain';

export function symbolObject(patch: Partial<SymbolObject> & Pick<SymbolObject, 'id' | 'exc' | 'instr' | 'xSym'>): SymbolObject {
  return { exc_seg: patch.exc === 'NSE' ? 'nse_cm' : 'nse_fo', ...patch };
}

export function result(patch: Partial<SearchResult> & { sym: SymbolObject; displaySym: string }): SearchResult {
  return {
    companyName: patch.displaySym,
    streamSym: patch.sym.xSym,
    lot: 1,
    tickSize: '0.05',
    tradable: true,
    ltp: '100.00',
    chng: '1.00',
    chngPer: '1.00',
    isResearchAvail: false,
    underlier: null,
    ...patch,
  };
}

export const reliance = result({
  sym: symbolObject({ id: '2885', exc: 'NSE', instr: 'STK', xSym: 'RELIANCE-EQ', trSymbol: 'RELIANCE' }),
  displaySym: 'RELIANCE',
  companyName: 'Reliance Industries Ltd',
  ltp: '1518.90',
  chng: '-12.40',
  chngPer: '-0.81',
});

export const relaxo = result({
  sym: symbolObject({ id: '10530', exc: 'NSE', instr: 'STK', xSym: 'RELAXO-EQ', trSymbol: 'RELAXO' }),
  displaySym: 'RELAXO',
  companyName: 'Relaxo Footwears Ltd',
});

/** A row the server matched on something the client-side filter does not see. */
export const unrelated = result({
  sym: symbolObject({ id: '1', exc: 'NSE', instr: 'STK', xSym: 'TCS-EQ', trSymbol: 'TCS' }),
  displaySym: 'TCS',
  companyName: 'Tata Consultancy Services',
});

export const niftyFuture = result({
  sym: symbolObject({ id: '50001', exc: 'NFO', instr: 'FUTIDX', xSym: 'NIFTY26NOVFUT', trSymbol: 'NIFTY26NOVFUT' }),
  displaySym: 'NIFTY NOV FUT',
  companyName: 'NIFTY 50',
  ltp: '26010.50',
});

export const niftySpread = result({
  sym: symbolObject({ id: '50009', exc: 'NFO', instr: 'FUTIDXSPR', xSym: 'NIFTY26NOVDECFUT', trSymbol: 'NIFTY26NOVDECFUT' }),
  displaySym: 'NIFTY NOV-DEC SPREAD',
  companyName: 'NIFTY 50',
  tradable: false,
});

function option(strike: string, optType: 'CE' | 'PE', expiry: string) {
  const xSym = `NIFTY${expiry}${strike}${optType}`;
  return {
    sym: symbolObject({ id: xSym, exc: 'NFO', instr: 'OPTIDX', xSym, trSymbol: xSym, strike, optType, expiry }),
    displaySym: `NIFTY ${expiry} ${strike} ${optType}`,
    companyName: 'NIFTY 50',
    streamSym: xSym,
    lot: 65,
    tickSize: '0.05',
    tradable: true,
  };
}

export const niftyOptions = result({
  sym: symbolObject({ id: '26000', exc: 'NSE', instr: 'IDX', xSym: 'NIFTY 50' }),
  displaySym: 'NIFTY',
  companyName: 'NIFTY 50',
  underlier: 'NIFTY',
  ltp: '26040.00',
  tradable: false,
  expiries: {
    '2026-12-01': { calls: [option('26100', 'CE', '2026-12-01')], puts: [option('26100', 'PE', '2026-12-01')] },
    '2026-11-24': {
      calls: ['26100', '25900', '26000'].map((s) => option(s, 'CE', '2026-11-24')),
      puts: ['26000', '26100'].map((s) => option(s, 'PE', '2026-11-24')),
    },
  },
});
