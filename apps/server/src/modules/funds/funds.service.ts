import { randomInt } from 'node:crypto';
import {
  type FundBalances,
  type FundTransfer,
  type PayInMode,
  MAX_PAYIN_PER_DAY_PAISE,
  MAX_PAYOUT_PAISE,
  MIN_TRANSFER_PAISE,
  allCodes,
  checkTransferAmount,
  formatAmount,
  fundsText,
  invalidRequest,
  isOption,
  maskBankAccount,
  ok,
  payInModes,
  reject,
  rupeesString,
  paise,
  withdrawablePaise,
  TRADE_SEGMENTS,
  type TradeSegment,
} from '@kite/domain';
import type { Market } from '@kite/exchange';
import type { Db, Queryable } from '../../db/pool.ts';
import { inTransaction } from '../../db/pool.ts';
import type { GatewayOutcome, PaymentGateway } from '../../adapters/payment-gateway/payment-gateway.ts';
import { SIMULATED_GATEWAY_PAGE } from '../../adapters/payment-gateway/simulated-gateway.ts';
import {
  type Funds,
  cashOnlyBlock,
  changeFunds,
  LEDGER_PAYIN,
  LEDGER_PAYOUT,
  lockFunds,
  postLedger,
  readFunds,
} from '../../services/rms/funds.ts';
import { pendingPayoutPaise } from '../../services/portfolio/funds.ts';
import { loadPositions, valuePositions } from '../../services/portfolio/positions.ts';
import * as repo from './funds.repo.ts';

/** Where the gateway sends the payer back: the fund transfer screen asks /Gateway/RazorPay about the named pay-in. */
export const FUND_TRANSFER_RETURN_PATH = '/home/fundtransfer';
export const PAYIN_QUERY = 'payin';
const LOG_LIMIT = 200;

export interface FundsSettings {
  merchantId: string;
  /** The live market: open positions are valued at its prices. */
  market: () => Market;
}

/**
 * The net unrealised loss of the client's open margin positions at the live price; 0 for a net profit, which is not
 * cash until realised and settled. Delivery (CASH) positions are paid in full, and a long option holds its whole
 * premium as margin, so neither owes more; a position without a live price is left out.
 */
export async function openPositionsLoss(q: Queryable, market: Market, clientId: number): Promise<number> {
  let net = 0;
  for (const p of valuePositions(market, await loadPositions(q, clientId, null), 'all')) {
    if (p.record.product === 'CASH' || p.ltp <= 0) continue;
    if (isOption(p.instrument.instr) && p.values.netQty > 0) continue;
    net += p.values.unrealisedPaise;
  }
  return Math.max(0, -net);
}

const amount = (p: number) => rupeesString(paise(p));

function transferOf(row: repo.TransferRow): FundTransfer {
  return {
    reference: row.reference,
    direction: row.direction,
    status: row.status,
    amount: amount(Number(row.amount_paise)),
    paidAmount: row.paid_paise === null ? '' : amount(Number(row.paid_paise)),
    bankName: row.bank_name,
    accountNumber: maskBankAccount(row.bank_account),
    mode: row.mode,
    requestedAt: row.requested_at,
    completedAt: row.completed_at ?? '',
    gatewayTransId: row.gateway_trans_id ?? '',
  };
}

function newReference(prefix: 'PI' | 'PO'): string {
  return `${prefix}${Date.now()}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** "12" -> the demat account id 12; anything else names no bank. */
function bankIdOf(bankId: string): number | null {
  return /^[1-9]\d{0,15}$/.test(bankId) && Number.isSafeInteger(Number(bankId)) ? Number(bankId) : null;
}

function amountRefusal(check: ReturnType<typeof checkTransferAmount>) {
  if (check.ok) throw new Error('not a refusal');
  if (check.reason === 'too-small')
    return reject('FND002', fundsText.amountTooSmall(formatAmount(check.limitPaise ?? MIN_TRANSFER_PAISE)));
  if (check.reason === 'too-large')
    return reject('FND002', fundsText.amountTooLarge(formatAmount(check.limitPaise ?? 0)));
  return reject('FND002');
}

/** The rules of fund transfer: pay-ins through the payment gateway, pay-outs blocked then paid at the settlement run. */
export class FundsService {
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
    private readonly settings: FundsSettings,
  ) {
    gateway.onOutcome(async (outcome) => {
      await this.recordPayInOutcome(outcome);
    });
  }

  async balances(q: Queryable, clientId: number, locked?: Funds): Promise<FundBalances> {
    const funds = locked ?? (await readFunds(q, clientId));
    return {
      ledger: amount(funds.ledger),
      availableMargin: amount(funds.available),
      withdrawable: amount(await this.withdrawable(q, clientId, funds)),
    };
  }

  /** What may leave the account now (domain withdrawablePaise); under the funds lock when `funds` was read with it. */
  private async withdrawable(q: Queryable, clientId: number, funds: Funds): Promise<number> {
    return withdrawablePaise({
      ...funds,
      unsettledCredits: await repo.unsettledCredits(q, clientId),
      unrealisedLoss: await openPositionsLoss(q, this.settings.market(), clientId),
    });
  }

  async bankDetails(clientId: number) {
    const banks = await repo.listLinkedBanks(this.db, clientId);
    return ok({
      banks: banks.map((b) => ({
        bankId: String(b.demat_account_id),
        bankName: b.bank_name,
        accountNumber: maskBankAccount(b.bank_account),
      })),
      balances: await this.balances(this.db, clientId),
    });
  }

  async payInOptions(clientId: number, appId: string | undefined) {
    if (!appId) return invalidRequest('the x-app-id header is required for this call');
    const today = await repo.payInsToday(this.db, clientId);
    return ok({
      modes: payInModes.map((mode) => ({ mode, label: fundsText.modes[mode] ?? mode })),
      minAmount: amount(MIN_TRANSFER_PAISE),
      maxAmount: amount(MAX_PAYIN_PER_DAY_PAISE),
      remainingToday: amount(Math.max(0, MAX_PAYIN_PER_DAY_PAISE - today)),
    });
  }

  async placePayIn(
    clientId: number,
    request: { bankId: string; amount: string; mode: PayInMode },
    appId: string | undefined,
  ) {
    const dematId = bankIdOf(request.bankId);
    const bank = dematId === null ? null : await repo.findLinkedBank(this.db, clientId, dematId);
    if (!bank) return reject('FND001');
    // investing.md 7: pay-in calls carry the app-id header.
    if (!appId) return invalidRequest('the x-app-id header is required for this call');
    const check = checkTransferAmount(request.amount, MAX_PAYIN_PER_DAY_PAISE);
    if (!check.ok) return amountRefusal(check);
    const contact = await repo.clientContact(this.db, clientId);
    return inTransaction(this.db, async (tx) => {
      // The funds row is the client's lock: two pay-ins at once cannot both pass the daily limit.
      await lockFunds(tx, clientId);
      const today = await repo.payInsToday(tx, clientId);
      if (today + check.paise > MAX_PAYIN_PER_DAY_PAISE) {
        return reject('FND003', fundsText.dailyLimit(formatAmount(MAX_PAYIN_PER_DAY_PAISE)));
      }
      const reference = newReference('PI');
      const { atomTokenID } = await this.gateway.open({
        merchId: this.settings.merchantId,
        merchantName: fundsText.merchantName,
        reference,
        amountPaise: check.paise,
        email: contact.email,
        mobile: contact.mobile,
        returnUrl: `${FUND_TRANSFER_RETURN_PATH}?${PAYIN_QUERY}=${reference}`,
      });
      await repo.insertPayIn(tx, {
        reference,
        clientId,
        bank,
        mode: request.mode,
        amountPaise: check.paise,
        atomTokenId: atomTokenID,
        appId,
      });
      const merchID = this.settings.merchantId;
      const paymentUrl = `${SIMULATED_GATEWAY_PAGE}?${new URLSearchParams({ atomTokenID, merchID }).toString()}`;
      return ok({ reference, amount: amount(check.paise), atomTokenID, merchID, paymentUrl });
    });
  }

  /**
   * The gateway's notification: a pending pay-in is settled once (a repeated notification finds it settled and does
   * nothing), and only a success credits the ledger, under the client's funds lock. Answers whether it settled one.
   */
  async recordPayInOutcome(outcome: GatewayOutcome): Promise<boolean> {
    const clientId = await repo.payInClient(this.db, outcome.atomTokenID);
    if (clientId === null) return false;
    return inTransaction(this.db, async (tx) => {
      await lockFunds(tx, clientId);
      const reason = outcome.status === 'FAILED' ? outcome.msg : null;
      const settled = await repo.settlePayIn(tx, outcome.atomTokenID, outcome.status, outcome.transID, reason);
      if (!settled) return false;
      if (outcome.status === 'SUCCESS') await postPayIn(tx, clientId, settled.reference, settled.amount_paise);
      return true;
    });
  }

  async payInStatus(clientId: number, reference: string) {
    let row = await repo.findTransfer(this.db, clientId, 'PAYIN', reference);
    if (row?.status === 'PENDING') {
      // The payer is back and the provider's notification has not come: ask the provider, as its status enquiry does.
      await this.reconcilePayIn(await repo.payInToken(this.db, clientId, reference));
      row = await repo.findTransfer(this.db, clientId, 'PAYIN', reference);
    }
    return row ? ok(transferOf(row)) : reject('FND005');
  }

  /**
   * Pay-ins still pending that were opened before `openedBefore`, asked of the provider (its status enquiry): one it
   * settled whose notification never arrived (lost, or the server down at that moment) is settled now as the
   * notification would have settled it, once. Answers how many were settled.
   */
  async reconcilePayIns(openedBefore: Date): Promise<number> {
    let settled = 0;
    for (const atomTokenId of await repo.pendingPayInTokens(this.db, openedBefore)) {
      if (await this.reconcilePayIn(atomTokenId)) settled++;
    }
    return settled;
  }

  private async reconcilePayIn(atomTokenId: string | null): Promise<boolean> {
    if (atomTokenId === null) return false;
    const outcome = (await this.gateway.find(atomTokenId, this.settings.merchantId))?.outcome;
    return outcome ? this.recordPayInOutcome(outcome) : false;
  }

  async placePayOut(clientId: number, request: { bankId: string; amount: string }) {
    const dematId = bankIdOf(request.bankId);
    const bank = dematId === null ? null : await repo.findLinkedBank(this.db, clientId, dematId);
    if (!bank) return reject('FND001');
    const check = checkTransferAmount(request.amount, MAX_PAYOUT_PAISE);
    if (!check.ok) return amountRefusal(check);
    return inTransaction(this.db, async (tx) => {
      const funds = await lockFunds(tx, clientId);
      const withdrawable = await this.withdrawable(tx, clientId, funds);
      if (check.paise > withdrawable) {
        return reject('FND004', `${allCodes.FND004.message} ${fundsText.overWithdrawable(formatAmount(withdrawable))}`);
      }
      const reference = newReference('PO');
      // A pay-out is cash leaving: it holds cash only (collateral never pays out).
      await changeFunds(tx, clientId, cashOnlyBlock(check.paise));
      await repo.insertPayOut(tx, { reference, clientId, bank, amountPaise: check.paise });
      const row = await repo.findTransfer(tx, clientId, 'PAYOUT', reference);
      if (!row) throw new Error('pay-out just written is missing');
      return ok({
        payout: transferOf(row),
        balances: await this.balances(tx, clientId, await lockFunds(tx, clientId)),
      });
    });
  }

  async cancelPayOut(clientId: number, reference: string) {
    return inTransaction(this.db, async (tx) => {
      await lockFunds(tx, clientId);
      const cancelled = await repo.cancelPayOut(tx, clientId, reference);
      const row = await repo.findTransfer(tx, clientId, 'PAYOUT', reference);
      if (!row) return reject('FND005');
      if (!cancelled) return reject('FND006');
      await changeFunds(tx, clientId, cashOnlyBlock(-cancelled.amount_paise));
      return ok({
        payout: transferOf(row),
        balances: await this.balances(tx, clientId, await lockFunds(tx, clientId)),
      });
    });
  }

  /**
   * The pay-out run: every pending pay-out (with `requestedBefore`, those requested before that instant, the run's
   * cut-off), oldest first, one client's funds lock at a time. Its hold is released and the ledger debited by what is
   * withdrawable now, at most the amount asked: a loss realised since the request (the hold keeps the amount from new
   * orders, not from losses) pays less, and a run that finds nothing withdrawable cancels the request. A pay-out
   * cancelled meanwhile is skipped. Answers how many were paid.
   */
  async runPayOuts(requestedBefore: Date | null): Promise<number> {
    let paidOut = 0;
    for (const { client_id: clientId, reference } of await repo.pendingPayOutRefs(this.db, requestedBefore)) {
      paidOut += await inTransaction(this.db, async (tx) => {
        const funds = await lockFunds(tx, clientId);
        const payOut = await repo.lockPendingPayOut(tx, clientId, reference);
        if (!payOut) return 0;
        const held = payOut.amount_paise;
        const withdrawable = await this.withdrawable(tx, clientId, { ...funds, blocked: funds.blocked - held });
        const paid = Math.min(held, withdrawable);
        await repo.recordPayOutPaid(tx, reference, paid);
        await changeFunds(tx, clientId, cashOnlyBlock(-held));
        if (paid === 0) return 0;
        await postLedger(tx, clientId, -paid, fundsText.payOutNarration(reference), {
          type: LEDGER_PAYOUT,
          id: reference,
        });
        return 1;
      });
    }
    return paidOut;
  }

  async pendingPayOuts(clientId: number) {
    return ok({ payouts: (await repo.listPendingPayouts(this.db, clientId)).map(transferOf) });
  }

  async logs(clientId: number) {
    return ok({ logs: (await repo.listTransfers(this.db, clientId, LOG_LIMIT)).map(transferOf) });
  }

  /**
   * /Allocate/Funds/Report: every segment trades on one pool of funds; this is what each holds of it now (its open
   * orders' blocks and its open positions' margin) beside the pool, read in one snapshot so the figures add up. The
   * segments listed are those the client may trade and any other that still holds an order or a position.
   */
  async allocation(clientId: number, tradable: ReadonlySet<TradeSegment>) {
    return inTransaction(this.db, async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const funds = await readFunds(tx, clientId);
      const held = new Map((await repo.segmentHoldings(tx, clientId)).map((row) => [row.segment, row]));
      // A segment the client may not trade is listed only while it still holds something (a permission withdrawn).
      const listed = TRADE_SEGMENTS.filter((segment) => tradable.has(segment) || held.has(segment));
      const segments = listed.map((segment) => {
        const row = held.get(segment);
        const blocked = row?.blocked_paise ?? 0;
        const used = row?.used_paise ?? 0;
        return {
          segment,
          openOrders: row?.open_orders ?? 0,
          blockedByOrders: amount(blocked),
          openPositions: row?.open_positions ?? 0,
          usedByPositions: amount(used),
          allocated: amount(blocked + used),
        };
      });
      return ok({
        asAt: await repo.istNow(tx),
        segments,
        pool: {
          ledger: amount(funds.ledger),
          collateral: amount(funds.collateral),
          payoutsHeld: amount(await pendingPayoutPaise(tx, clientId)),
          allocated: amount([...held.values()].reduce((sum, row) => sum + row.blocked_paise + row.used_paise, 0)),
          availableMargin: amount(funds.available),
          withdrawable: amount(await this.withdrawable(tx, clientId, funds)),
        },
      });
    });
  }
}

async function postPayIn(tx: Queryable, clientId: number, reference: string, amountPaise: number): Promise<void> {
  await postLedger(tx, clientId, amountPaise, fundsText.payInNarration(reference), {
    type: LEDGER_PAYIN,
    id: reference,
  });
}
