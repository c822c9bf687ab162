import { isOption, mulDivRound, priceUnits, requiredMargin, segmentOf, type ProductType } from '@kite/domain';
import { isoDate, istDateTime, type Instrument, type Market } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';
import { priceText } from '../market-runtime/price-text.ts';
import { LEDGER_PAYIN, LEDGER_PAYOUT, readFunds, type Funds } from '../rms/funds.ts';
import { lastPriceOf } from './instruments.ts';
import { loadPositions, valuePositions } from './positions.ts';

/**
 * Funds and margin (trading.md 7 MarginDetails, LedgerBalance). One client_funds row holds the ledger balance, the
 * margin blocked by open orders and used by open positions, and collateral; the RMS's rule is the one used here:
 * available = ledger balance + collateral - blocked - used. Ledger entries carry pay-in (ref_type LEDGER_PAYIN), pay-out
 * (LEDGER_PAYOUT), realised P&L and charges (written by the order path).
 */

export type MarginSegment = 'equity' | 'commodity';
const COMMODITY = ['commodity'];
const NON_COMMODITY = ['equity', 'fno', 'spread', 'currency'];

function segmentsOf(segment: MarginSegment): string[] {
  return segment === 'commodity' ? COMMODITY : NON_COMMODITY;
}

export interface UsedMargin {
  span: number;
  exposure: number;
  premium: number;
  delivery: number;
  other: number;
  total: number;
}

interface Kinds {
  span: number;
  exposure: number;
  premium: number;
  delivery: number;
}

/** Splits the margin a position holds into kinds: equity delivery or intraday (exposure), long option premium, and
 * SPAN/exposure in the proportion the domain margin rules give for the open quantity at the live price. */
function kindsOfPosition(
  market: Market,
  instrument: Instrument,
  product: string,
  netQty: number,
  margin: number,
): Kinds {
  const kinds: Kinds = { span: 0, exposure: 0, premium: 0, delivery: 0 };
  if (margin <= 0 || netQty === 0) return kinds;
  if (segmentOf(instrument.instr, instrument.exc) === 'equity') {
    if (product === 'CASH' || product === 'MARGIN') kinds.delivery = margin;
    else kinds.exposure = margin;
    return kinds;
  }
  if (isOption(instrument.instr) && netQty > 0) {
    kinds.premium = margin;
    return kinds;
  }
  const underlying = instrument.underlying ? market.registry.byId(instrument.underlying) : undefined;
  const need = requiredMargin({
    instr: instrument.instr,
    exchange: instrument.exc,
    symbol: instrument.symbol,
    product: product as ProductType,
    side: netQty > 0 ? 'buy' : 'sell',
    quantity: Math.abs(netQty),
    price: priceUnits(lastPriceOf(market, instrument)),
    priceDecimals: instrument.priceDecimals,
    lotQualifier: instrument.multiplier,
    underlyingPrice: underlying ? priceUnits(lastPriceOf(market, underlying)) : null,
    strike: instrument.strike === null ? null : priceUnits(instrument.strike),
    optType: instrument.optType,
    expiresToday: instrument.expiry !== null && instrument.expiry === isoDate(market.currentDay()),
  });
  const parts = need.span + need.exposure;
  kinds.span = parts === 0 ? margin : mulDivRound(margin, need.span, parts);
  kinds.exposure = margin - kinds.span;
  return kinds;
}

/**
 * Money requested out and not yet paid (fund_payouts PENDING): the RMS blocks it so no order can use it, but it is a
 * withdrawal on its way, not margin in use, so the Margin page shows it as today's pay-out.
 */
export async function pendingPayoutPaise(q: Queryable, clientId: number): Promise<number> {
  const { rows } = await q.query<{ pending: number }>(
    `SELECT COALESCE(sum(amount_paise), 0)::bigint AS pending FROM fund_payouts WHERE client_id = $1 AND status = 'PENDING'`,
    [clientId],
  );
  return rows[0]?.pending ?? 0;
}

/** Used margin of a segment group: open positions' margin by kind, open orders' blocks and the rest in other. */
async function usedMarginOf(
  q: Queryable,
  market: Market,
  clientId: number,
  segment: MarginSegment,
  funds: Funds,
  pendingPayout: number,
): Promise<UsedMargin> {
  const { rows } = await q.query<{
    instrument_id: string;
    product: string;
    segment: string;
    net: number;
    margin_paise: number;
  }>(
    `SELECT instrument_id, product, segment, carry_qty + buy_qty - sell_qty AS net, margin_paise
       FROM positions WHERE client_id = $1 AND margin_paise > 0`,
    [clientId],
  );
  const { rows: blockedRows } = await q.query<{ segment: string; blocked: number }>(
    `SELECT segment, COALESCE(sum(blocked_margin_paise), 0)::bigint AS blocked FROM orders
      WHERE client_id = $1 AND is_open GROUP BY segment`,
    [clientId],
  );
  const wanted = segmentsOf(segment);
  const commodityPositions = rows.filter((r) => COMMODITY.includes(r.segment)).reduce((t, r) => t + r.margin_paise, 0);
  const commodityBlocked = blockedRows.filter((r) => COMMODITY.includes(r.segment)).reduce((t, r) => t + r.blocked, 0);
  // The RMS keeps one total; the commodity share is what its positions and orders hold, the rest is equity's.
  const inUse = funds.used + funds.blocked - pendingPayout;
  const commodityTotal = Math.min(commodityPositions + commodityBlocked, inUse);
  const total = segment === 'commodity' ? commodityTotal : inUse - commodityTotal;

  const kinds: Kinds = { span: 0, exposure: 0, premium: 0, delivery: 0 };
  for (const r of rows) {
    if (!wanted.includes(r.segment)) continue;
    const instrument = market.registry.byId(r.instrument_id);
    if (!instrument) continue;
    const k = kindsOfPosition(market, instrument, r.product, r.net, r.margin_paise);
    kinds.span += k.span;
    kinds.exposure += k.exposure;
    kinds.premium += k.premium;
    kinds.delivery += k.delivery;
  }
  const kindsSum = kinds.span + kinds.exposure + kinds.premium + kinds.delivery;
  if (kindsSum > total) {
    // Defensive: the positions claim more than the RMS holds; scale them so the parts still add up to the total.
    kinds.span = mulDivRound(kinds.span, total, kindsSum);
    kinds.exposure = mulDivRound(kinds.exposure, total, kindsSum);
    kinds.premium = mulDivRound(kinds.premium, total, kindsSum);
    kinds.delivery = Math.max(total - kinds.span - kinds.exposure - kinds.premium, 0);
  }
  const other = total - kinds.span - kinds.exposure - kinds.premium - kinds.delivery;
  return { ...kinds, other, total };
}

const rupees = (paise: number): string => priceText(paise, 2);

async function todaysFlows(
  q: Queryable,
  clientId: number,
  tradingDay: string,
): Promise<{ payin: number; payout: number }> {
  const { rows } = await q.query<{ payin: number; payout: number }>(
    `SELECT COALESCE(sum(amount_paise) FILTER (WHERE ref_type = $3), 0)::bigint AS payin,
            COALESCE(-sum(amount_paise) FILTER (WHERE ref_type = $4), 0)::bigint AS payout
       FROM ledger_entries
      WHERE client_id = $1 AND (created_at AT TIME ZONE 'Asia/Kolkata')::date = $2::date`,
    [clientId, tradingDay, LEDGER_PAYIN, LEDGER_PAYOUT],
  );
  return { payin: rows[0]?.payin ?? 0, payout: rows[0]?.payout ?? 0 };
}

export async function marginDetails(
  q: Queryable,
  market: Market,
  clientId: number,
  segment: MarginSegment,
  tradingDay: string,
) {
  const funds = await readFunds(q, clientId);
  const pendingPayout = await pendingPayoutPaise(q, clientId);
  const [used, flows, records] = await Promise.all([
    usedMarginOf(q, market, clientId, segment, funds, pendingPayout),
    todaysFlows(q, clientId, tradingDay),
    loadPositions(q, clientId, segmentsOf(segment)),
  ]);
  const valued = valuePositions(market, records, 'all');
  const realised = valued.reduce((t, p) => t + p.values.realisedPaise, 0);
  const unrealised = valued.reduce((t, p) => t + p.values.unrealisedPaise, 0);
  return {
    ledgerBalance: rupees(funds.ledger),
    payin: rupees(flows.payin),
    payout: rupees(flows.payout + pendingPayout),
    collateral: rupees(funds.collateral),
    realisedPnl: rupees(realised),
    unrealisedPnl: rupees(unrealised),
    usedMargin: {
      span: rupees(used.span),
      exposure: rupees(used.exposure),
      premium: rupees(used.premium),
      delivery: rupees(used.delivery),
      other: rupees(used.other),
      total: rupees(used.total),
    },
    availableMargin: rupees(funds.available),
    deliveryCash: rupees(funds.cash),
  };
}

/**
 * Share of the margin base (ledger + collateral) in use, 2 decimals; 100 when there is use but no base. A pending
 * pay-out is neither in use nor base: it is leaving the account.
 */
export function utilisationPercent(f: Funds, pendingPayout = 0): string {
  const inUse = f.used + f.blocked - pendingPayout;
  const base = f.ledger + f.collateral - pendingPayout;
  if (inUse <= 0) return '0.00';
  if (base <= 0) return '100.00';
  return priceText(mulDivRound(inUse, 10_000, base), 2);
}

/** LedgerBalance: the balance and today's entries, each with the balance after it. */
export async function ledgerView(q: Queryable, clientId: number, tradingDay: string) {
  const funds = await readFunds(q, clientId);
  const { rows } = await q.query<{ amount_paise: number; narration: string; created_at: Date }>(
    `SELECT amount_paise, narration, created_at FROM ledger_entries
      WHERE client_id = $1 AND (created_at AT TIME ZONE 'Asia/Kolkata')::date = $2::date ORDER BY created_at, id`,
    [clientId, tradingDay],
  );
  let balance = funds.ledger - rows.reduce((t, r) => t + r.amount_paise, 0);
  const entries = rows.map((r) => {
    balance += r.amount_paise;
    return {
      date: istDateTime(r.created_at.getTime()),
      narration: r.narration,
      debit: rupees(r.amount_paise < 0 ? -r.amount_paise : 0),
      credit: rupees(r.amount_paise > 0 ? r.amount_paise : 0),
      balance: rupees(balance),
    };
  });
  return { ledgerBalance: rupees(funds.ledger), entries };
}
