import type { FastifyInstance } from 'fastify';
import {
  charges,
  chargesResponse,
  checkMargin,
  computeCharges,
  ltpCoverTriggerPriceRange,
  needsCash,
  ok,
  parseScaled,
  reject,
  rupeesString,
  type Paise,
  type PriceUnits,
  invalidRequest,
} from '@kite/domain';
import { isoDate, istDay } from '@kite/exchange';
import { registerCall } from '../../plugins/calls.ts';
import { coverTriggerRange } from '../../services/oms/order-entry.ts';
import { orderMargin } from '../../services/rms/order-margin.ts';
import { readFunds } from '../../services/rms/funds.ts';
import { priceText } from '../../services/market-runtime/price-text.ts';
import { planCoverOn } from '../plan/plan.repo.ts';

/** /Trade/Charges, /Trade/CheckMargin and /Trade/GetLtpCoverTriggerPriceRange (trading.md 7, 9). */
export async function tradeToolRoutes(app: FastifyInstance): Promise<void> {
  // The same computeCharges as an executed trade pays (services/oms/fills.ts), priced with the server's own facts.
  registerCall(app, charges, async (data, { session }) => {
    const market = app.oms.market;
    const instrument = market.registry.bySymbol(data.exchange, data.symbol);
    if (!instrument) return reject('ORD012');
    const quantity = parseScaled(data.quantity, 0);
    const price = parseScaled(data.price, instrument.priceDecimals);
    if (quantity === null || quantity <= 0) return invalidRequest('quantity');
    if (price === null || price < 0) return invalidRequest('price');
    const tradeDate = isoDate(istDay(app.clock.now()));
    const result = computeCharges({
      exchange: instrument.exc,
      instr: instrument.instr,
      symbol: instrument.symbol,
      side: data.transactionType,
      product: data.product,
      quantity,
      price: price as PriceUnits,
      priceDecimals: instrument.priceDecimals,
      lotQualifier: instrument.multiplier,
      tradeDate,
      plan: await planCoverOn(app.db, session.clientId, tradeDate),
    });
    return ok({ charges: chargesResponse(result) });
  });

  registerCall(app, checkMargin, async (data, { session }) => {
    const instrument = app.oms.instrumentOf(data.sym);
    if (!instrument) return reject('ORD012');
    const quantity = parseScaled(data.qty, 0);
    const price = data.ordType === 'market' ? 0 : parseScaled(data.limitPrice, instrument.priceDecimals);
    const trigger = parseScaled(data.triggerPrice, instrument.priceDecimals);
    if (quantity === null || quantity <= 0) return invalidRequest('qty');
    // A spread's price is the difference between its legs, which may be negative (trading.md 5.1 point 12).
    const spread = instrument.assetClass === 'SPREAD';
    if (price === null || (price < 0 && !spread) || trigger === null || trigger < 0) return invalidRequest('price');
    let margin: ReturnType<typeof orderMargin>;
    try {
      margin = orderMargin(app.oms.market, instrument, {
        side: data.ordAction,
        product: data.prdType,
        quantity,
        price,
        triggerPrice: trigger,
      });
    } catch (error) {
      // Exact money refuses to leave the safe integer range: no real order is worth that much.
      if (error instanceof RangeError) return invalidRequest('qty (the order value is too large)');
      throw error;
    }
    const funds = await readFunds(app.db, session.clientId);
    // A delivery buy may use cash only: the margin shown beside it is what it may use.
    const side = data.ordAction === 'buy' ? 'BUY' : 'SELL';
    const available = needsCash({ product: data.prdType, side }) ? funds.cash : funds.available;
    return ok({ requiredMargin: rupeesString(margin.total), availableMargin: rupeesString(available as Paise) });
  });

  // A cover order's stop-loss must lie within 3% of the last price (chosen), inside the daily range: 'min-max'.
  registerCall(app, ltpCoverTriggerPriceRange, async ({ sym }) => {
    const instrument = app.oms.instrumentOf(sym);
    if (!instrument) return reject('ORD012');
    const range = coverTriggerRange(app.oms.market, instrument);
    if (!range) return reject('ORD012');
    const p = (units: number) => priceText(units, instrument.priceDecimals);
    return ok({ trgPriceRange: `${p(range.low)}-${p(range.high)}` });
  });
}
