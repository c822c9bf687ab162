/** A positions row (trading.md 3 "Net position"), quantities in units and values in price units x quantity. */
export interface PositionRecord {
  id: number;
  buyQty: number;
  buyValue: bigint;
  sellQty: number;
  sellValue: bigint;
  carryQty: number;
  carryAvgPrice: number;
  realisedPaise: number;
  marginPaise: number;
}

export function netQuantity(p: Pick<PositionRecord, 'carryQty' | 'buyQty' | 'sellQty'>): number {
  return p.carryQty + p.buyQty - p.sellQty;
}

/** A positions row as read from the database. */
export function positionOf(r: Record<string, unknown>): PositionRecord {
  return {
    id: Number(r.id),
    buyQty: Number(r.buy_qty),
    buyValue: BigInt(String(r.buy_value ?? 0)),
    sellQty: Number(r.sell_qty),
    sellValue: BigInt(String(r.sell_value ?? 0)),
    carryQty: Number(r.carry_qty),
    carryAvgPrice: Number(r.carry_avg_price),
    realisedPaise: Number(r.realised_paise),
    marginPaise: Number(r.margin_paise),
  };
}

/** Price units x quantity x multiplier -> paise, rounded half away from zero. */
export function unitsToPaise(units: bigint, multiplier: number, decimals: 2 | 4): number {
  const num = units * BigInt(multiplier);
  const den = 10n ** BigInt(decimals - 2);
  const half = den / 2n;
  const q = num >= 0n ? (num + half) / den : -((-num + half) / den);
  return Number(q);
}

/**
 * Realised P&L of a position in paise: the matched quantity (buys against sells, the carried quantity counted on its
 * side at its average) times the difference of the average sell and buy prices. Recomputed after every fill; the
 * change is what the fill realised.
 */
export function realisedPaiseOf(p: PositionRecord, multiplier: number, decimals: 2 | 4): number {
  let b = BigInt(p.buyQty);
  let bv = p.buyValue;
  let s = BigInt(p.sellQty);
  let sv = p.sellValue;
  if (p.carryQty > 0) {
    b += BigInt(p.carryQty);
    bv += BigInt(p.carryQty) * BigInt(p.carryAvgPrice);
  } else if (p.carryQty < 0) {
    s += BigInt(-p.carryQty);
    sv += BigInt(-p.carryQty) * BigInt(p.carryAvgPrice);
  }
  const m = b < s ? b : s;
  if (m === 0n) return 0;
  // m * (sv/s - bv/b) in price units, scaled to paise with one rounding.
  const num = m * (sv * b - bv * s) * BigInt(multiplier);
  const den = s * b * 10n ** BigInt(decimals - 2);
  const half = den / 2n;
  return Number(num >= 0n ? (num + half) / den : -((-num + half) / den));
}
