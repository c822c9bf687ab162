import type { FastifyInstance } from 'fastify';
import {
  getContractDetails,
  getIndexQuote,
  getQuote,
  infoExchangeTimings,
  infoMarketStatus,
  investingText,
  marketExchanges,
  marketStatusService,
  ok,
  priceChart,
  reject,
  topGainers,
  topLosers,
  type ParsedRequestData,
} from '@kite/domain';
import { istDateTime } from '@kite/exchange';
import { registerCall } from '../../plugins/calls.ts';
import { instrumentOfSymbol } from '../../services/market-runtime/symbol-object.ts';
import { allIndices, findIndex, indexQuoteOf } from './index-quote.ts';
import { exchangeStatus, exchangeTimings, mktStatusLabel } from './market-status.ts';
import { candleText, MAX_CANDLES, parseIstDateTime, periodicityOf } from './price-chart.ts';
import { contractDetailsOf } from './contract-details.ts';
import { buildQuote } from './quote.ts';
import { topMovers, type MoversDirection } from './top-movers.ts';

type MoversRequest = ParsedRequestData<typeof topGainers>;

/** Market status, quotes, index quotes and charts; the clock is the server's, the sessions are the exchange package's (IST). */
export async function marketRoutes(app: FastifyInstance): Promise<void> {
  const mode = app.config.marketHours;
  const now = (): number => app.clock.now();

  registerCall(app, marketStatusService, async () => {
    const at = now();
    const exchanges = marketExchanges.map((exchange) => exchangeStatus(exchange, at, mode));
    const nse = exchanges.find((e) => e.exchange === 'NSE');
    return ok({ isMarketOpen: nse?.isOpen ?? false, exchfeedtime: istDateTime(at), mode, exchanges });
  });

  registerCall(app, infoMarketStatus, async ({ exc }) => {
    const at = now();
    const status = exchangeStatus(exc, at, mode);
    return ok({ data: { exc, MktStatus: mktStatusLabel(status.status), exchfeedtime: istDateTime(at) } });
  });

  registerCall(app, infoExchangeTimings, async () => {
    const at = now();
    const calendar = app.marketRuntime.market.calendar;
    const exchanges = marketExchanges.map((exchange) => exchangeTimings(exchange, at, mode, calendar));
    return ok({ exchfeedtime: istDateTime(at), mode, exchanges });
  });

  registerCall(app, getQuote, async ({ sym }) => {
    const market = app.marketRuntime.market;
    const instrument = instrumentOfSymbol((id) => market.registry.byId(id), sym);
    const answer = instrument && buildQuote(market, instrument);
    return answer ? ok(answer) : reject('MKT001');
  });

  registerCall(app, getContractDetails, async ({ sym }) => {
    const market = app.marketRuntime.market;
    const instrument = instrumentOfSymbol((id) => market.registry.byId(id), sym);
    const contract = instrument && contractDetailsOf(market, instrument);
    return contract ? ok({ contract }) : reject('MKT001');
  });

  /** investing.md "Top gainers / losers": today's movers; an index, when given, must be one of the exchange's. */
  const moversOf = (direction: MoversDirection, { exc, recordcount, index }: MoversRequest) => {
    const market = app.marketRuntime.market;
    const chosen = index ? findIndex(market, index, exc) : null;
    if (chosen === undefined || (chosen && market.indexConstituents(chosen.id).length === 0))
      return reject('MKT004', `Index not found: ${index} (${exc}).`);
    return ok(topMovers(market, exc, chosen, direction, recordcount));
  };
  registerCall(app, topGainers, async (request) => {
    const found = moversOf('gainers', request);
    return found.ok ? ok({ gainers: found.data }) : found;
  });
  registerCall(app, topLosers, async (request) => {
    const found = moversOf('losers', request);
    return found.ok ? ok({ losers: found.data }) : found;
  });

  registerCall(app, getIndexQuote, async ({ indices }) => {
    const market = app.marketRuntime.market;
    const wanted = [];
    if (indices.length === 0) wanted.push(...allIndices(app.marketRuntime.indices));
    for (const { index, exc } of indices) {
      const found = findIndex(market, index, exc);
      if (!found) return reject('MKT004', `Index not found: ${index} (${exc}).`);
      wanted.push(found);
    }
    return ok({ indices: wanted.flatMap((index) => indexQuoteOf(market, index) ?? []) });
  });

  registerCall(app, priceChart, async ({ sym, fromDate, toDate, interval }) => {
    const market = app.marketRuntime.market;
    const instrument = instrumentOfSymbol((id) => market.registry.byId(id), sym);
    if (!instrument) return reject('MKT001');
    const from = parseIstDateTime(fromDate);
    const to = parseIstDateTime(toDate);
    if (from === null) return reject('MKT003', investingText.charts.notADate(fromDate));
    if (to === null) return reject('MKT003', investingText.charts.notADate(toDate));
    if (from > to) return reject('MKT003');
    const candles = market.candles(instrument.id, periodicityOf(interval), from, to).slice(-MAX_CANDLES);
    return ok({ chart: candles.map((c) => candleText(c, instrument.priceDecimals)) });
  });
}
