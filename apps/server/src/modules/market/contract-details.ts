import { productTabsFor, rupeesString, type ContractDetails, type LotMargin, type OrderAction } from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import { priceText } from '../../services/market-runtime/price-text.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { orderMargin } from '../../services/rms/order-margin.ts';

/**
 * /Market/GetContractDetails (investing.md 7; payload not shown): a contract's reference data beside its day's band,
 * and what one lot blocks at the last price in each product the order dialog offers for it, by the RMS's own sum
 * (orderMargin), so the figures are the ones an order would be blocked at. Starts the contract's book, as a quote
 * does (the band and the last price are the book's).
 */
export function contractDetailsOf(market: Market, instrument: Instrument): ContractDetails | undefined {
  const band = market.priceBand(instrument.id);
  if (!band) return undefined;
  const price = (units: number) => priceText(units, instrument.priceDecimals);
  const leg = (id: string | null) => {
    const other = id === null ? undefined : market.registry.byId(id);
    return other ? { sym: symbolObjectOf(other), displaySym: other.displaySym } : null;
  };
  const expiring = instrument.expiryDay !== null;
  return {
    sym: symbolObjectOf(instrument),
    displaySym: instrument.displaySym,
    tradingSymbol: instrument.trSymbol,
    name: instrument.name,
    exchange: instrument.exc,
    segment: instrument.exc_seg,
    instrument: instrument.instr,
    assetClass: instrument.assetClass,
    isin: instrument.isin && !instrument.isinSynthetic ? instrument.isin : null,
    sector: instrument.sector,
    indices: instrument.indices,
    tradable: instrument.tradable,
    lot: instrument.lot,
    tickSize: price(instrument.tickSize),
    multiplier: instrument.multiplier,
    freezeQuantity: instrument.freezeQuantity > 0 ? instrument.freezeQuantity : null,
    dpr: instrument.tradable ? `${price(band.lowerBand)} - ${price(band.upperBand)}` : null,
    bandPercent: instrument.bandPercent,
    expiry: instrument.expiry,
    expiry2: instrument.expiry2,
    daysToExpiry: expiring ? instrument.expiryDay! - market.currentDay() : null,
    strike: instrument.strike === null ? null : price(instrument.strike),
    optType: instrument.optType,
    underlying: leg(instrument.underlying),
    farLeg: leg(instrument.farLeg),
    ltp: price(band.lastPrice),
    lotMargins: instrument.tradable ? lotMargins(market, instrument, band.lastPrice) : [],
  };
}

/**
 * One lot bought, and sold where a sell opens a position (an equity delivery sell takes held shares and blocks
 * nothing), in each product of the order dialog's tabs, as a limit order at the last price.
 */
function lotMargins(market: Market, instrument: Instrument, lastPrice: number): LotMargin[] {
  const rows: LotMargin[] = [];
  for (const product of productTabsFor(instrument.instr, instrument.exc)) {
    const sides: OrderAction[] = product === 'CASH' || product === 'MARGIN' ? ['buy'] : ['buy', 'sell'];
    for (const side of sides) {
      const margin = orderMargin(market, instrument, {
        side,
        product,
        quantity: instrument.lot,
        price: lastPrice,
        triggerPrice: 0,
      });
      rows.push({
        product,
        side,
        total: rupeesString(margin.total),
        span: rupeesString(margin.span),
        exposure: rupeesString(margin.exposure),
        premium: rupeesString(margin.premium),
      });
    }
  }
  return rows;
}
