import type { IndexItem, IndexQuote as WireIndexQuote } from '@kite/domain';
import { describe, expect, it, vi } from 'vitest';
import { TickStore } from '../../../lib/stream/tick-store.ts';
import type { IndexQuote } from './index-quote-source.ts';
import { createLiveIndexQuoteSource } from './live-index-quote-source.ts';

const nifty: WireIndexQuote = {
  index: 'NIFTY 50',
  exc: 'NSE',
  streamSym: 'NIFTY 50',
  exc_seg: 'nse_cm',
  xSym: 'NIFTY 50',
  value: '26126.73',
  chng: '-2.87',
  chngPer: '-0.01',
  high: '26200.00',
  low: '26000.00',
  open: '26100.00',
  close: '26129.60',
};

function level3(key: string, value: string, chng: string, chngPer: string): IndexItem {
  return { name: 'if', type: 'level3', key, exc: 'NSE', indexName: 'NIFTY 50', ts: 1, value, highPrice: value, lowPrice: value, closePrice: '26129.60', chng, chngPer, lUpdatedTime: '21/11/2026 10:00:00' };
}

describe('live header tickers (platform.md 2.4; trading.md 4.9)', () => {
  it('shows the GetIndexQuote value first, then every level3 update, and stops on unsubscribe', async () => {
    const store = new TickStore();
    const unregister = vi.fn();
    const register = vi.fn(() => unregister);
    const fetchQuotes = vi.fn(async () => [nifty]);
    const seen: IndexQuote[] = [];
    const stop = createLiveIndexQuoteSource(fetchQuotes, { store, register }).subscribe(['NIFTY 50', 'SENSEX'], (q) => seen.push(q));
    await vi.waitFor(() => expect(register).toHaveBeenCalled());
    expect(fetchQuotes).toHaveBeenCalledWith([
      { index: 'NIFTY 50', exc: 'NSE' },
      { index: 'SENSEX', exc: 'BSE' },
    ]);
    expect(seen).toEqual([{ symbol: 'NIFTY 50', valuePaise: 2612673, changePaise: -287, changeBasisPoints: -1 }]);
    const [keys] = register.mock.calls[0] as unknown as [string[]];
    expect(keys).toEqual(['nse_cm|NIFTY 50', 'BSE|SENSEX']);
    store.apply(level3('nse_cm|NIFTY 50', '26140.10', '10.50', '0.04'));
    expect(seen.at(-1)).toEqual({ symbol: 'NIFTY 50', valuePaise: 2614010, changePaise: 1050, changeBasisPoints: 4 });
    stop();
    expect(unregister).toHaveBeenCalled();
    store.apply(level3('nse_cm|NIFTY 50', '26150.00', '20.40', '0.08'));
    expect(seen).toHaveLength(2);
  });

  it('still listens to the stream when the call fails', async () => {
    const store = new TickStore();
    const register = vi.fn(() => () => undefined);
    const seen: IndexQuote[] = [];
    createLiveIndexQuoteSource(() => Promise.reject(new Error('down')), { store, register }).subscribe(['NIFTY 50'], (q) => seen.push(q));
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith(['NSE|NIFTY 50']));
    store.apply(level3('NSE|NIFTY 50', '26000.00', '-5.00', '-0.02'));
    expect(seen).toEqual([{ symbol: 'NIFTY 50', valuePaise: 2600000, changePaise: -500, changeBasisPoints: -2 }]);
  });
});
