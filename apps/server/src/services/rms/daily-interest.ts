import {
  cashShortfallPaise,
  dailyInterestPaise,
  DEBIT_BALANCE_INTEREST_RATE,
  debitBalancePaise,
  formatAmount,
  isOption,
  mtfFundedPaise,
  segmentOf,
  tradingText,
} from '@kite/domain';
import type { Market } from '@kite/exchange';
import { inTransaction, type Db, type Queryable } from '../../db/pool.ts';
import { unitsToPaise } from '../oms/positions.ts';
import { lockFunds, postLedger } from './funds.ts';

/** ledger_entries.ref_type of the day's interest; ref_id is the trading date and the kind, so a rerun posts nothing. */
export const LEDGER_INTEREST = 'INTEREST';

export interface InterestReport {
  /** Clients charged MTF interest. */
  mtf: number;
  /** Clients charged interest on a cash shortfall (50% cash rule). */
  cashShortfall: number;
  /** Clients charged the delayed payment charge on a debit ledger balance. */
  debitBalance: number;
}

interface CarriedRow {
  instrument_id: string;
  product: string;
  carry_qty: number;
  carry_avg_price: string;
  margin_paise: string;
}

/**
 * The end of day's interest (market-facts 1.4 and 5), after the roll: each client's carried MTF (MARGIN) buys pay
 * 0.04% a day on what the broker funds (their cost less the client's margin); the part of half the overnight F&O and
 * commodity margin that the ledger's cash does not cover and pledged collateral does pays the same rate; and a ledger
 * in debit pays Zerodha's delayed payment charge, 0.05% a day on the debit (pledged collateral is not cash and does
 * not offset it). The days are calendar days to `nextTradingDay`, so Friday's run charges Saturday, Sunday and
 * Monday: the money is lent over the weekend too, and a holding sold on a day was funded until that day. Each client
 * in a transaction of its own with its funds row locked first; a second run for the same day finds its ledger rows
 * and posts nothing.
 */
export async function chargeDailyInterest(
  db: Db,
  market: Market,
  today: string,
  days: number,
): Promise<InterestReport> {
  const report: InterestReport = { mtf: 0, cashShortfall: 0, debitBalance: 0 };
  if (days <= 0) return report;
  const { rows: clients } = await db.query<{ client_id: string }>(
    `SELECT p.client_id FROM positions p
      WHERE p.carry_qty <> 0 AND (p.product = 'MARGIN'
         OR EXISTS (SELECT 1 FROM client_funds f WHERE f.client_id = p.client_id AND f.collateral_paise > 0))
     UNION SELECT client_id FROM client_funds WHERE ledger_balance_paise < 0
     ORDER BY client_id`,
  );
  for (const { client_id } of clients) {
    const clientId = Number(client_id);
    const charged = await inTransaction(db, async (tx) => {
      const funds = await lockFunds(tx, clientId);
      const { rows } = await tx.query<CarriedRow>(
        `SELECT instrument_id, product, carry_qty::int AS carry_qty, carry_avg_price, margin_paise FROM positions
          WHERE client_id = $1 AND carry_qty <> 0`,
        [clientId],
      );
      let funded = 0;
      let fnoMargin = 0;
      for (const p of rows) {
        const instrument = market.registry.byId(p.instrument_id);
        if (!instrument) continue;
        const equity = segmentOf(instrument.instr, instrument.exc) === 'equity';
        const margin = Number(p.margin_paise);
        if (equity && p.product === 'MARGIN' && p.carry_qty > 0) {
          const cost = unitsToPaise(
            BigInt(p.carry_avg_price) * BigInt(p.carry_qty),
            instrument.multiplier,
            instrument.priceDecimals,
          );
          funded += mtfFundedPaise(cost, margin);
        } else if (!equity && !(isOption(instrument.instr) && p.carry_qty > 0)) {
          // A long option's premium is paid, not margin: the rule counts SPAN and exposure.
          fnoMargin += margin;
        }
      }
      const text = tradingText.portfolio;
      /** Posts one kind's interest (nothing when none is due) unless this day's run already did. */
      const post = async (interest: number, narration: string, kind: string) =>
        interest > 0 && (await postOnce(tx, clientId, -interest, narration, `${today}/${kind}`));
      const mtfInterest = dailyInterestPaise(funded, days);
      const mtf = await post(mtfInterest, text.mtfInterest(days, formatAmount(funded)), 'MTF');
      const shortfall = cashShortfallPaise({
        ledgerPaise: funds.ledger - (mtf ? mtfInterest : 0),
        collateralPaise: funds.collateral,
        fnoMarginPaise: fnoMargin,
      });
      const shortfallInterest = dailyInterestPaise(shortfall, days);
      const cash = await post(shortfallInterest, text.cashShortfallInterest(days, formatAmount(shortfall)), 'CASH');
      // The debit as the day's postings left the ledger, before tonight's interest: no interest on the same night's
      // interest (the next run counts it, it is then in the balance).
      const debit = debitBalancePaise(funds.ledger);
      const debitInterest = dailyInterestPaise(debit, days, DEBIT_BALANCE_INTEREST_RATE);
      const owed = await post(debitInterest, text.debitBalanceInterest(days, formatAmount(debit)), 'DEBIT');
      return { mtf, cash, owed };
    });
    if (charged.mtf) report.mtf++;
    if (charged.cash) report.cashShortfall++;
    if (charged.owed) report.debitBalance++;
  }
  return report;
}

/** Posts the day's interest of one kind unless this day's run already did. */
async function postOnce(
  tx: Queryable,
  clientId: number,
  amountPaise: number,
  narration: string,
  refId: string,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    'SELECT 1 FROM ledger_entries WHERE client_id = $1 AND ref_type = $2 AND ref_id = $3',
    [clientId, LEDGER_INTEREST, refId],
  );
  if (rowCount) return false;
  await postLedger(tx, clientId, amountPaise, narration, { type: LEDGER_INTEREST, id: refId });
  return true;
}
