import { collateralAfterHaircut, mulDivRound, pledgeText } from '@kite/domain';
import type { Market } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';
import { lockFunds } from '../../services/rms/funds.ts';
import { holdingSellCheck } from '../../services/portfolio/holdings-check.ts';
import { equityOfHolding, priceSnapshotOf } from '../../services/portfolio/instruments.ts';
import * as repo from './pledge.repo.ts';

/**
 * Moves quantity between free and pledged in the client's demat holdings, with the collateral margin it gives, inside
 * the caller's transaction. Both take the client's funds row lock first, as a sell of holdings does
 * (services/oms/placement.ts), so a pledge and a sale of the same shares are decided one after the other and the
 * pledge never takes more than is free. All or nothing: when one line fails nothing is changed.
 */

export interface PledgeLine {
  isin: string;
  quantity: number;
}

export type ApplyOutcome = { ok: true } | { ok: false; message: string; lineMessages: string[] };

const failed = (lineMessages: string[]): ApplyOutcome => ({
  ok: false,
  message: lineMessages.find((m) => m !== '') ?? pledgeText.depository.submitFailed,
  lineMessages,
});

export async function applyPledge(
  tx: Queryable,
  market: Market,
  clientId: number,
  dematId: number,
  lines: readonly PledgeLine[],
  tradingDay: string,
): Promise<ApplyOutcome> {
  await lockFunds(tx, clientId);
  const plans: { holding: repo.HoldingRow; quantity: number; value: number }[] = [];
  const messages: string[] = [];
  for (const line of lines) {
    const holding = await repo.lockHolding(tx, clientId, dematId, line.isin);
    if (!holding) {
      messages.push(pledgeText.gateway.notFree);
      continue;
    }
    const { freeQty } = await holdingSellCheck(tx, market, clientId, line.isin, tradingDay);
    if (line.quantity > freeQty) {
      messages.push(pledgeText.gateway.notFree);
      continue;
    }
    messages.push('');
    const instrument = equityOfHolding(market, holding.exchange, holding.isin);
    const ltp = instrument ? priceSnapshotOf(market, instrument).ltp : 0;
    plans.push({ holding, quantity: line.quantity, value: collateralAfterHaircut(line.quantity, ltp) });
  }
  if (messages.some((m) => m !== '')) return failed(messages);
  for (const p of plans) await repo.changePledge(tx, p.holding.id, p.quantity, p.value);
  await repo.changeCollateral(
    tx,
    clientId,
    plans.reduce((sum, p) => sum + p.value, 0),
  );
  return { ok: true };
}

/** Pledged quantity of a holding not marked for an exchange segment: what may be unpledged. */
export function unpledgeable(holding: repo.HoldingRow, marks: ReadonlyMap<string, number> | undefined): number {
  const marked = [...(marks?.values() ?? [])].reduce((sum, q) => sum + q, 0);
  return Math.max(holding.pledged_qty - marked, 0);
}

export async function applyUnpledge(
  tx: Queryable,
  clientId: number,
  dematId: number,
  lines: readonly PledgeLine[],
): Promise<ApplyOutcome> {
  const funds = await lockFunds(tx, clientId);
  const marks = await repo.exchangeMarks(tx, clientId);
  const plans: { holding: repo.HoldingRow; quantity: number; release: number }[] = [];
  const messages: string[] = [];
  for (const line of lines) {
    const holding = await repo.lockHolding(tx, clientId, dematId, line.isin);
    const max = holding ? unpledgeable(holding, marks.get(line.isin)) : 0;
    if (!holding || line.quantity > max) {
      messages.push(pledgeText.depository.reqOver(max));
      continue;
    }
    messages.push('');
    // The holding's credited collateral is released in proportion to the shares unpledged.
    const release = mulDivRound(holding.collateral_paise, line.quantity, holding.pledged_qty);
    plans.push({ holding, quantity: line.quantity, release });
  }
  if (messages.some((m) => m !== '')) return failed(messages);
  const released = plans.reduce((sum, p) => sum + p.release, 0);
  if (released > 0 && funds.available - released < 0) return failed([pledgeText.depository.marginInUse]);
  for (const p of plans) await repo.changePledge(tx, p.holding.id, -p.quantity, -p.release);
  await repo.changeCollateral(tx, clientId, -released);
  return { ok: true };
}
