import { SEGMENT_EXCHANGES, tradingText, type Abilities, type TradeExchange, type TradeSegment } from '@kite/domain';

export interface OrderTab {
  id: TradeSegment;
  label: string;
}

/** trading.md 2.3, 6: a tab per segment the client may trade, in the spec's order. */
export function orderTabsFor(abilities: Abilities): OrderTab[] {
  const allowed: Record<TradeSegment, boolean> = {
    equity: abilities.equity,
    fno: abilities.fno,
    spread: abilities.spread,
    currency: abilities.currency,
    commodity: abilities.commodity,
  };
  return (Object.keys(allowed) as TradeSegment[])
    .filter((id) => allowed[id])
    .map((id) => ({ id, label: tradingText.orderBook.tabs[id] }));
}

/** trading.md 2.3: the exchange switch per tab; MCX and NCDEX only when the client has them enabled. */
export function orderExchangesFor(tab: TradeSegment, abilities: Abilities): readonly TradeExchange[] {
  const exchanges = SEGMENT_EXCHANGES[tab];
  if (tab !== 'commodity') return exchanges;
  return exchanges.filter((exc) => (exc === 'MCX' ? abilities.mcx : exc === 'NCDEX' ? abilities.ncdex : false));
}
