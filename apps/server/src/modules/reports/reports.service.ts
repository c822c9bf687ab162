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
  type BackOfficeReport,
  type BackOfficeSegment,
  type DownloadFile,
  type SegmentReport,
  type SegmentSecurity,
  backOfficeSegments,
  displayDate,
  istDateTime,
} from '@kite/domain';
import { isoDate, istDay } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';
import { LEDGER_PAYIN, LEDGER_PAYOUT } from '../../services/rms/funds.ts';
import { contractNotePdf } from './contract-note-pdf.ts';
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
function istClock(at: Date): { date: string; time: string } {
  const [date = '', time = ''] = istDateTime(at.getTime()).split(' ');
  return { date: displayDate(date), time };
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

/** Equity products squared off the same day: speculative in capital gains, "equity intraday" in the back-office report. */
const INTRADAY_PRODUCTS = ['INTRADAY', 'CO', 'BO', 'SHORTSELL'];

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

/** Contract-note lines with their IST trade date, for a period. */
function registerLines(rows: repo.TradeRow[]): TradeRegister['trades'] {
  return tradeLines(rows).trades.map((t, i) => ({ ...t, tradeDate: displayDate(rows[i]!.day) }));
}

/** The back-office report's segment of a trade: the order's segment, equity split by product, spreads with F&O. */
function backOfficeSegmentOf(segment: string, product: string): BackOfficeSegment {
  switch (segment) {
    case 'equity':
      return INTRADAY_PRODUCTS.includes(product) ? 'equityIntraday' : 'equityDelivery';
    case 'fno':
    case 'spread':
      return 'fno';
    case 'currency':
      return 'currency';
    case 'commodity':
      return 'commodity';
    default:
      throw new Error(`unknown segment ${segment}`);
  }
}

interface SegmentSums {
  trades: number;
  turnover: number;
  brokerage: number;
  stt: number;
  transactionCharge: number;
  gst: number;
  sebiFee: number;
  stampDuty: number;
  realised: number;
}
const SUM_KEYS = ['brokerage', 'stt', 'transactionCharge', 'gst', 'sebiFee', 'stampDuty'] as const;
/** The charges of a trade, every component together. */
const chargesOf = (m: Pick<TradeMoney, (typeof SUM_KEYS)[number]>) => SUM_KEYS.reduce((t, key) => t + m[key], 0);
const emptySums = (): SegmentSums => ({
  trades: 0,
  turnover: 0,
  brokerage: 0,
  stt: 0,
  transactionCharge: 0,
  gst: 0,
  sebiFee: 0,
  stampDuty: 0,
  realised: 0,
});

function addTrade(sums: SegmentSums, m: TradeMoney): void {
  sums.trades += 1;
  sums.turnover += m.value;
  for (const key of SUM_KEYS) sums[key] += m[key];
}

function sumsText(x: SegmentSums): BackOfficeReport['totals'] {
  const charges = chargesOf(x);
  return {
    trades: x.trades,
    turnover: rupees(x.turnover),
    ...(Object.fromEntries(SUM_KEYS.map((key) => [key, rupees(x[key])])) as Record<(typeof SUM_KEYS)[number], string>),
    totalCharges: rupees(charges),
    realisedPnl: rupees(x.realised),
    netPnl: rupees(x.realised - charges),
  };
}

interface SecuritySums {
  buyQty: number;
  buyValue: number;
  sellQty: number;
  sellValue: number;
  charges: number;
  realised: number;
}

export function reportsService(deps: ReportsDeps) {
  const today = () => istDay(deps.now());

  /** Every FIFO lot of the client's equity sales up to `to` (IST day), matched over the whole record. */
  async function equityLots(clientId: number, to: number): Promise<GainLot[]> {
    const rows = await repo.equityTradesUntil(deps.db, clientId, isoDate(to));
    const averages = await repo.holdingAverages(deps.db, clientId);
    const opening = await repo.openingLots(deps.db, clientId);
    const trades = rows.map((r) => ({
      symbol: equitySymbol(r),
      side: r.side,
      quantity: r.quantity,
      valuePaise: moneyOf(r).value,
      day: istDay(r.traded_at.getTime()),
      intraday: INTRADAY_PRODUCTS.includes(r.product),
    }));
    return matchGains(
      trades,
      (symbol) => averages.get(symbol) ?? 0,
      (symbol) => opening.get(symbol) ?? [],
    );
  }
  const equitySymbol = (r: repo.TradeRow) => deps.symbolOf(r.instrument_id) ?? r.display_symbol;

  /** The FIFO lots of the sales in a financial year, with the listed years. */
  async function gainsOf(clientId: number, year: string): Promise<Result<{ lots: GainLot[]; years: string[] }>> {
    const day = today();
    const period = financialYearPeriod(year, day);
    if (!period) return reject('RPT004');
    const lots = (await equityLots(clientId, period.to)).filter(
      (l) => l.sellDay >= period.from && l.sellDay <= period.to,
    );
    return ok({ lots, years: financialYears(day) });
  }

  async function contractNote(clientId: number, dayText: string): Promise<Result<ContractNote>> {
    const day = checkReportDay(dayText, today());
    if (isRejection(day)) return day;
    const iso = isoDate(day);
    const client = await repo.clientOf(deps.db, clientId);
    const rows = await repo.tradesOn(deps.db, clientId, iso);
    const { trades, totals } = tradeLines(rows);
    return ok({
      tradeDate: displayDate(iso),
      contractNoteNo: rows.length > 0 ? `CN${iso.replaceAll('-', '')}${String(clientId).padStart(6, '0')}` : '',
      clientName: client?.name ?? '',
      userId: client?.user_id ?? '',
      pan: maskPan(client?.pan ?? ''),
      trades,
      totals,
    });
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
        fromDate: displayDate(from),
        toDate: displayDate(to),
        openingBalance: rupees(opening),
        entries: shown,
        totalDebit: rupees(debit),
        totalCredit: rupees(credit),
        closingBalance: rupees(running),
      });
    },

    contractNote,

    async downloadPdf(clientId: number, dayText: string): Promise<Result<DownloadFile>> {
      const note = await contractNote(clientId, dayText);
      if (!note.ok) return note;
      if (note.data.trades.length === 0) return reject('RPT005');
      const pdf = await contractNotePdf(note.data);
      return ok({
        fileName: `contract-note-${note.data.tradeDate.split('/').reverse().join('')}.pdf`,
        contentType: 'application/pdf',
        base64: pdf.toString('base64'),
      });
    },

    async backOffice(clientId: number, which: 'current' | 'previous'): Promise<Result<BackOfficeReport>> {
      const day = today();
      const year = financialYears(day)[which === 'current' ? 0 : 1];
      const period = year === undefined ? null : financialYearPeriod(year, day);
      if (year === undefined || !period) return reject('RPT004');
      const from = isoDate(period.from);
      const to = isoDate(Math.min(period.to, day));
      const sums = new Map(backOfficeSegments.map((segment) => [segment, emptySums()]));
      const of = (segment: BackOfficeSegment) => sums.get(segment)!;
      for (const row of await repo.tradesBetween(deps.db, clientId, from, to)) {
        addTrade(of(backOfficeSegmentOf(row.segment, row.product)), moneyOf(row));
      }
      for (const lot of await equityLots(clientId, period.to)) {
        if (lot.sellDay < period.from || lot.sellDay > period.to) continue;
        of(lot.term === 'SPECULATIVE' ? 'equityIntraday' : 'equityDelivery').realised += lot.gainPaise;
      }
      // Equity's realised P&L is the FIFO match above (as Capital Gain); the ledger's for the other segments.
      for (const booked of await repo.bookedRealised(deps.db, clientId, from, to)) {
        if (booked.segment !== 'equity') of(backOfficeSegmentOf(booked.segment, '')).realised += booked.realised;
      }
      const totals = emptySums();
      for (const x of sums.values())
        for (const key of Object.keys(totals) as (keyof SegmentSums)[]) totals[key] += x[key];

      const { balance, entries } = await repo.ledgerSince(deps.db, clientId, from);
      const opening = balance - entries.reduce((t, e) => t + e.amount_paise, 0);
      const inYear = entries.filter((e) => e.day <= to);
      const flow = (type: string) => inYear.filter((e) => e.ref_type === type).reduce((t, e) => t + e.amount_paise, 0);
      const payIn = flow(LEDGER_PAYIN);
      const payOut = -flow(LEDGER_PAYOUT);
      const moved = inYear.reduce((t, e) => t + e.amount_paise, 0);
      return ok({
        financialYear: year,
        fromDate: displayDate(from),
        toDate: displayDate(to),
        segments: backOfficeSegments.map((segment) => ({ segment, ...sumsText(of(segment)) })),
        totals: sumsText(totals),
        ledger: {
          openingBalance: rupees(opening),
          payIn: rupees(payIn),
          payOut: rupees(payOut),
          otherEntries: rupees(moved - payIn + payOut),
          closingBalance: rupees(opening + moved),
        },
      });
    },

    async segmentReport(
      clientId: number,
      segment: 'equity' | 'fno',
      fromText: string,
      toText: string,
    ): Promise<Result<SegmentReport>> {
      const period = checkReportPeriod(fromText, toText, today());
      if (isRejection(period)) return period;
      const from = isoDate(period.from);
      const to = isoDate(period.to);
      const inSegment = (s: string) => (segment === 'equity' ? s === 'equity' : s === 'fno' || s === 'spread');
      const rows = (await repo.tradesBetween(deps.db, clientId, from, to)).filter((r) => inSegment(r.segment));
      const securities = new Map<string, SecuritySums>();
      const of = (symbol: string) => {
        let sums = securities.get(symbol);
        if (!sums)
          securities.set(
            symbol,
            (sums = { buyQty: 0, buyValue: 0, sellQty: 0, sellValue: 0, charges: 0, realised: 0 }),
          );
        return sums;
      };
      for (const row of rows) {
        const money = moneyOf(row);
        // Equity by security across NSE and BSE, as FIFO matches it; F&O by contract (a spread under its own name).
        const sums = of(segment === 'equity' ? equitySymbol(row) : row.display_symbol);
        if (row.side === 'BUY') {
          sums.buyQty += row.quantity;
          sums.buyValue += money.value;
        } else {
          sums.sellQty += row.quantity;
          sums.sellValue += money.value;
        }
        sums.charges += chargesOf(money);
      }
      if (segment === 'equity') {
        for (const lot of await equityLots(clientId, period.to)) {
          if (lot.sellDay >= period.from && lot.sellDay <= period.to) of(lot.symbol).realised += lot.gainPaise;
        }
      } else {
        for (const booked of await repo.bookedRealised(deps.db, clientId, from, to)) {
          if (inSegment(booked.segment)) of(booked.display_symbol).realised += booked.realised;
        }
      }
      const list = [...securities.entries()].sort(([a], [b]) => a.localeCompare(b));
      const total = (key: keyof SecuritySums) => list.reduce((t, [, x]) => t + x[key], 0);
      const charges = total('charges');
      const realised = total('realised');
      return ok({
        segment,
        fromDate: displayDate(from),
        toDate: displayDate(to),
        securities: list.map(([symbol, x]): SegmentSecurity => ({
          symbol,
          buyQty: x.buyQty,
          buyValue: rupees(x.buyValue),
          sellQty: x.sellQty,
          sellValue: rupees(x.sellValue),
          charges: rupees(x.charges),
          realisedPnl: rupees(x.realised),
        })),
        trades: registerLines(rows),
        totals: {
          turnover: rupees(total('buyValue') + total('sellValue')),
          charges: rupees(charges),
          realisedPnl: rupees(realised),
          netPnl: rupees(realised - charges),
        },
      });
    },

    async tradeRegister(clientId: number, fromText: string, toText: string): Promise<Result<TradeRegister>> {
      const period = checkReportPeriod(fromText, toText, today());
      if (isRejection(period)) return period;
      const rows = await repo.tradesBetween(deps.db, clientId, isoDate(period.from), isoDate(period.to));
      return ok({
        fromDate: displayDate(isoDate(period.from)),
        toDate: displayDate(isoDate(period.to)),
        trades: registerLines(rows),
        totals: tradeLines(rows).totals,
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
        since: displayDate(isoDate(istDay(client.created_at.getTime()))),
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
          buyDate: l.buyDay === null ? '' : displayDate(isoDate(l.buyDay)),
          sellDate: displayDate(isoDate(l.sellDay)),
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
