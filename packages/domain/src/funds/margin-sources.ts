/**
 * Where margin comes from (market-facts.md 8 "Use of collateral"): pledged collateral, after its haircut, backs
 * intraday and F&O margin but never a delivery buy, and never money leaving the account (a pay-out, a fee). Such
 * commitments are cash-only: `cashBlocked` is the part of the blocked margin that open delivery buys and pending
 * pay-outs hold. The rest of the margin in use draws on collateral first, then on cash.
 */
export interface MarginSources {
  ledger: number;
  collateral: number;
  blocked: number;
  used: number;
  /** Part of `blocked` that only cash may cover: open delivery (CASH) buys and pending pay-outs. */
  cashBlocked: number;
}

/** Everything an intraday or F&O order may use: ledger + collateral - blocked - used (may be negative after losses). */
export function availableMarginOf(f: MarginSources): number {
  return f.ledger + f.collateral - f.blocked - f.used;
}

/**
 * What a delivery buy (or money out) may use: the ledger less the cash-only commitments, and less the part of the other
 * margin in use that collateral does not cover. Equal to min(available, ledger - cashBlocked), so a delivery buy of m
 * fits exactly when both the available margin and the uncommitted ledger cover m.
 */
export function cashAvailableOf(f: MarginSources): number {
  return Math.min(availableMarginOf(f), f.ledger - f.cashBlocked);
}

/** Orders whose block only cash may cover: delivery buys. */
export function needsCash(order: { product: string; side: string }): boolean {
  return order.product === 'CASH' && order.side === 'BUY';
}
