import {
  checkReportDay,
  checkReportPeriod,
  financialYearPeriod,
  financialYears,
  formatScaled,
  gainTotals,
  isRejection,
  matchGains,
  ok,
  reject,
  type ContractNote,
  type ContractTrade,
  type GainLot,
  type LedgerStatement,
  type Result,
  type ClientMaster,
  type TradeRegister,
} from '@kite/domain';
import { isoDate, istDay } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';
import * as repo from './reports.repo.ts';

/**
 * The report rules (investing.md 2 "Reports", 7, 9): periods checked against today in IST, money summed in integer
 * paise and written as 2-decimal strings only here, at the edge. Every read is the session's client's own.
 */

export interface ReportsDeps {
  db: Queryable;
  now: () => number;
  /** The root symbol of an instrument (INFY for INFY-EQ), for FIFO books and holdings; null when unknown. */
  symbolOf: (instrumentId: string) => string | null;
}

const rupees = (paise: number): string => formatScaled(paise, 2);
const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-mm-dd -> dd/mm/yyyy */
const slash = (iso: string) => iso.split('-').reverse().join('/');

function istClock(at: Date): { date: string; time: string } {
  const ist = new Date(at.getTime() + 330 * 60_000);
  return {
    date: slash(ist.toISOString().slice(0, 10)),
    time: `${pad(ist.getUTCHours())}:${pad(ist.getUTCMinutes())}:${pad(ist.getUTCSeconds())}`,
  };
}

/** PAN shown as XXXXXX123F: only the last four characters, as statements print it. */
export function maskPan(pan: string): string {
  return 'X'.repeat(Math.max(0, pan.length - 4)) + pan.slice(-4);
}

/** An e-mail address with its name cut to its first two letters: ra******@example.in */
function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at < 0 ? maskPan(email) : email.slice(0, Math.min(2, at)) + '*'.repeat(Math.max(0, at - 2)) + email.slice(at);
}

const SEGMENT_FLAGS = [
  ['equity_flag', 'Equity'],
  ['fno_permission', 'F&O'],
  ['cds_nse_permission', 'Currency'],
  ['commodity_flag_mcx', 'Commodity (MCX)'],
  ['commodity_flag_ncdex', 'Commodity (NCDEX)'],
] as const;

const CHARGE_KEYS = ['brokerage', 'stt', 'transactionCharge', 'gstOnBrokerage', 'sebiFee', 'stampDuty'] as const;

interface TradeMoney {
  value: number;
  brokerage: number;
  stt: number;
  transactionCharge: number;
  gst: number;
  sebiFee: number;
  stampDuty: number;
  netAmount: number;
}

/** A trade's value and charges in paise, from what the fill recorded (charges_detail; turnover is its value). */
function moneyOf(row: repo.TradeRow): TradeMoney {
  const c = (key: string) => Number(row.charges[key] ?? 0);
  const value =
    row.charges.turnover !== undefined
      ? c('turnover')
      : Math.round((row.price * row.quantity) / 10 ** (row.price_decimals - 2));
  const total = CHARGE_KEYS.reduce((t, key) => t + c(key), 0);
  return {
    value,
    brokerage: c('brokerage'),
    stt: c('stt'),
    transactionCharge: c('transactionCharge'),
    gst: c('gstOnBrokerage'),
    sebiFee: c('sebiFee'),
    stampDuty: c('stampDuty'),
    netAmount: row.side === 'BUY' ? -(value + total) : value - total,
  };
}

const MONEY_KEYS = [
  'value',
  'brokerage',
  'stt',
  'transactionCharge',
  'gst',
  'sebiFee',
  'stampDuty',
  'netAmount',
] as const;

function moneyText(m: TradeMoney): Record<(typeof MONEY_KEYS)[number], string> {
  return Object.fromEntries(MONEY_KEYS.map((k) => [k, rupees(m[k])])) as Record<(typeof MONEY_KEYS)[number], string>;
}

/** Each trade as a contract-note line, and the totals of every money column. */
function tradeLines(rows: repo.TradeRow[]): { trades: ContractTrade[]; totals: ReturnType<typeof moneyText> } {
  const totals: TradeMoney = {
    value: 0,
    brokerage: 0,
    stt: 0,
    transactionCharge: 0,
    gst: 0,
    sebiFee: 0,
    stampDuty: 0,
    netAmount: 0,
  };
  const trades = rows.map((r): ContractTrade => {
    const money = moneyOf(r);
    for (const key of MONEY_KEYS) totals[key] += money[key];
    return {
      orderNo: r.order_no,
      exchangeOrderId: r.exchange_order_id ?? '',
      tradeNo: r.exchange_trade_id,
      time: istClock(r.traded_at).time,
      exchange: r.exchange,
      // A spread's legs are booked under their own instruments (services/oms/fills.ts).
      symbol: r.instrument_id === r.order_instrument_id ? r.display_symbol : r.instrument_id,
      product: r.product,
      side: r.side,
      quantity: r.quantity,
      price: formatScaled(r.price, r.price_decimals),
      ...moneyText(money),
    };
  });
  return { trades, totals: moneyText(totals) };
}

export function reportsService(deps: ReportsDeps) {
  const today = () => istDay(deps.now());

  /** The FIFO lots of the sales in a financial year, with the listed years. */
  async function gainsOf(clientId: number, year: string): Promise<Result<{ lots: GainLot[]; years: string[] }>> {
    const day = today();
    const period = financialYearPeriod(year, day);
    if (!period) return reject('RPT004');
    const rows = await repo.equityTradesUntil(deps.db, clientId, isoDate(period.to));
    const averages = await repo.holdingAverages(deps.db, clientId);
    const trades = rows.map((r) => ({
      symbol: deps.symbolOf(r.instrument_id) ?? r.display_symbol,
      side: r.side,
      quantity: r.quantity,
      valuePaise: moneyOf(r).value,
      day: istDay(r.traded_at.getTime()),
      intraday: ['INTRADAY', 'CO', 'BO', 'SHORTSELL'].includes(r.product),
    }));
    const lots = matchGains(trades, (symbol) => averages.get(symbol) ?? 0).filter(
      (l) => l.sellDay >= period.from && l.sellDay <= period.to,
    );
    return ok({ lots, years: financialYears(day) });
  }

  return {
    async ledger(clientId: number, fromText: string, toText: string): Promise<Result<LedgerStatement>> {
      const period = checkReportPeriod(fromText, toText, today());
      if (isRejection(period)) return period;
      const from = isoDate(period.from);
      const to = isoDate(period.to);
      const { balance, entries } = await repo.ledgerSince(deps.db, clientId, from);
      const opening = balance - entries.reduce((t, e) => t + e.amount_paise, 0);
      let running = opening;
      let debit = 0;
      let credit = 0;
      const shown = entries
        .filter((e) => e.day <= to)
        .map((e) => {
          running += e.amount_paise;
          if (e.amount_paise < 0) debit -= e.amount_paise;
          else credit += e.amount_paise;
          const at = istClock(e.created_at);
          return {
            date: `${at.date} ${at.time.slice(0, 5)}`,
            narration: e.narration,
            voucher: e.ref_id ? `${e.ref_type} ${e.ref_id}` : e.ref_type,
            debit: rupees(e.amount_paise < 0 ? -e.amount_paise : 0),
            credit: rupees(e.amount_paise > 0 ? e.amount_paise : 0),
            balance: rupees(running),
          };
        });
      return ok({
        fromDate: slash(from),
        toDate: slash(to),
        openingBalance: rupees(opening),
        entries: shown,
        totalDebit: rupees(debit),
        totalCredit: rupees(credit),
        closingBalance: rupees(running),
      });
    },

    async contractNote(clientId: number, dayText: string): Promise<Result<ContractNote>> {
      const day = checkReportDay(dayText, today());
      if (isRejection(day)) return day;
      const iso = isoDate(day);
      const client = await repo.clientOf(deps.db, clientId);
      const rows = await repo.tradesOn(deps.db, clientId, iso);
      const { trades, totals } = tradeLines(rows);
      return ok({
        tradeDate: slash(iso),
        contractNoteNo: rows.length > 0 ? `CN${iso.replaceAll('-', '')}${String(clientId).padStart(6, '0')}` : '',
        clientName: client?.name ?? '',
        userId: client?.user_id ?? '',
        pan: maskPan(client?.pan ?? ''),
        trades,
        totals,
      });
    },

    async tradeRegister(clientId: number, fromText: string, toText: string): Promise<Result<TradeRegister>> {
      const period = checkReportPeriod(fromText, toText, today());
      if (isRejection(period)) return period;
      const rows = await repo.tradesBetween(deps.db, clientId, isoDate(period.from), isoDate(period.to));
      const { trades, totals } = tradeLines(rows);
      return ok({
        fromDate: slash(isoDate(period.from)),
        toDate: slash(isoDate(period.to)),
        trades: trades.map((t, i) => ({ ...t, tradeDate: slash(rows[i]!.day) })),
        totals,
      });
    },

    async clientMaster(clientId: number): Promise<Result<ClientMaster>> {
      const { client, demats } = await repo.masterOf(deps.db, clientId);
      if (!client) return reject('EGN006');
      return ok({
        userId: client.user_id,
        name: client.name,
        pan: maskPan(client.pan),
        mobile: maskPan(client.mobile),
        email: maskEmail(client.email),
        segments: SEGMENT_FLAGS.filter(([flag]) => client[flag] === 'Y').map(([, label]) => label),
        demats: demats.map((d) => ({
          depository: d.dp_type,
          dpId: d.dp_id,
          account: maskPan(d.dp_account),
          poa: d.poa,
          bank: d.bank_name ?? '',
          bankAccount: d.bank_account ? maskPan(d.bank_account) : '',
        })),
        since: slash(isoDate(istDay(client.created_at.getTime()))),
      });
    },

    async capitalGain(clientId: number, year: string) {
      const gains = await gainsOf(clientId, year);
      if (!gains.ok) return gains;
      return ok({
        financialYear: year,
        financialYears: gains.data.years,
        lots: gains.data.lots.map((l) => ({
          symbol: l.symbol,
          term: l.term,
          buyDate: l.buyDay === null ? '' : slash(isoDate(l.buyDay)),
          sellDate: slash(isoDate(l.sellDay)),
          quantity: l.quantity,
          buyValue: rupees(l.buyValuePaise),
          sellValue: rupees(l.sellValuePaise),
          gain: rupees(l.gainPaise),
        })),
      });
    },

    async gainSummary(clientId: number, year: string) {
      const gains = await gainsOf(clientId, year);
      if (!gains.ok) return gains;
      const asText = (t: { buyValuePaise: number; sellValuePaise: number; gainPaise: number }) => ({
        buyValue: rupees(t.buyValuePaise),
        sellValue: rupees(t.sellValuePaise),
        gain: rupees(t.gainPaise),
      });
      const symbols = [...new Set(gains.data.lots.map((l) => l.symbol))].sort();
      return ok({
        financialYear: year,
        financialYears: gains.data.years,
        totals: gainTotals(gains.data.lots).map((t) => ({ term: t.term, ...asText(t) })),
        bySymbol: symbols.flatMap((symbol) =>
          gainTotals(gains.data.lots.filter((l) => l.symbol === symbol))
            .filter((t) => t.sellValuePaise !== 0 || t.buyValuePaise !== 0)
            .map((t) => ({ symbol, term: t.term, ...asText(t) })),
        ),
      });
    },
  };
}
