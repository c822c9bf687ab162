import type { Instrument } from '@kite/exchange';
import type { InstrumentRef } from '../../stream/market-data-bus.ts';

/**
 * The older feed's symbol (trading.md 4.9): the plain symbol for cash equities ("RELIANCE"), the index name for
 * indices ("NIFTY 50"), the trading symbol otherwise ("NIFTY26NOVFUT"). '&' joins keys in a channel, so it travels as
 * %26 ("M%26M", as the stream contract says): the value is ready to put in a key as it is.
 */
export function streamSymOf(instrument: Instrument): string {
  const name = instrument.instr === 'STK' ? instrument.symbol : instrument.trSymbol;
  return name.replaceAll('&', '%26');
}

/** How the bus names an instrument on both feeds: `${exc}|${streamSym}` and `${exc_seg}|${xSym}`. */
export function instrumentRefOf(instrument: Instrument): InstrumentRef {
  return {
    exc: instrument.exc,
    excSeg: instrument.exc_seg,
    streamSym: streamSymOf(instrument),
    xSym: instrument.xSym,
    decimals: instrument.priceDecimals,
  };
}
