import { describe, expect, it } from 'vitest';
import type { PriceUnits } from '../money/price.ts';
import {
  CHARGE_AMOUNTS,
  chargesDifference,
  computeCharges,
  computeExecutionCharges,
  noChargeAmounts,
  type ChargeAmounts,
  type Charges,
  type ChargesInput,
} from './charges.ts';

const p = (v: number) => v as PriceUnits;
const base: ChargesInput = {
  exchange: 'NSE',
  instr: 'STK',
  symbol: 'RELIANCE',
  side: 'sell',
  product: 'INTRADAY',
  quantity: 150,
  price: p(150_000),
  priceDecimals: 2,
  lotQualifier: 1,
  tradeDate: '2026-11-20',
};

/** Charges each fill the way the OMS does: cumulative charges less what the earlier fills paid. */
function chargeFills(input: Omit<ChargesInput, 'quantity' | 'price'>, fills: Array<[number, number]>): ChargeAmounts[] {
  const paid: ChargeAmounts = noChargeAmounts();
  let quantity = 0;
  let value = 0n;
  return fills.map(([q, price]) => {
    quantity += q;
    value += BigInt(price) * BigInt(q);
    const fill = chargesDifference(computeExecutionCharges({ ...input, quantity, value }), paid);
    for (const key of CHARGE_AMOUNTS) paid[key] += fill[key];
    return fill;
  });
}

function sumOf(charges: ChargeAmounts[]): ChargeAmounts {
  const sum = noChargeAmounts();
  for (const c of charges) for (const key of CHARGE_AMOUNTS) sum[key] += c[key];
  return sum;
}

function amountsOf(c: Charges): ChargeAmounts {
  const out = noChargeAmounts();
  for (const key of CHARGE_AMOUNTS) out[key] = c[key];
  return out;
}

describe('charges per executed order (market-facts 1.4), filled in pieces', () => {
  it('computeCharges is the execution charges of price x quantity', () => {
    expect(computeCharges(base)).toEqual(computeExecutionCharges({ ...base, value: 150_000n * 150n }));
  });

  it('an intraday sell of 150 x 1500.00 filled 50 + 50 + 50 pays ₹20 brokerage in all, not ₹60, and every component equals one fill', () => {
    const fills = chargeFills(base, [
      [50, 150_000],
      [50, 150_000],
      [50, 150_000],
    ]);
    // Each piece is ₹75,000: 0.03% = ₹22.50 would hit the cap on its own; the order pays the cap once.
    expect(fills.map((f) => f.brokerage)).toEqual([2_000, 0, 0]);
    expect(sumOf(fills)).toEqual(amountsOf(computeCharges(base)));
  });

  it('STT rounded to the rupee on the order: three fills of ₹333.33 STT base do not round three times', () => {
    // 3 x 1 x 1,33,333.33: 0.025% = ₹33.33 each (₹33 rounded alone, ₹99 in all); cumulative ₹33 -> ₹67 -> ₹100.
    const input = { ...base, quantity: 3, price: p(13_333_333) };
    const fills = chargeFills(input, [
      [1, 13_333_333],
      [1, 13_333_333],
      [1, 13_333_333],
    ]);
    expect(fills.map((f) => f.stt)).toEqual([3_300, 3_400, 3_300]);
    expect(sumOf(fills)).toEqual(amountsOf(computeCharges(input)));
  });

  it('fills at different prices add up to the charges of the total value (options: flat ₹20 once)', () => {
    const option = { ...base, exchange: 'NFO', instr: 'OPTIDX', symbol: 'NIFTY', product: 'NRML' as const };
    const fills = chargeFills(option, [
      [65, 12_345],
      [130, 12_350],
      [65, 12_340],
    ]);
    expect(fills.map((f) => f.brokerage)).toEqual([2_000, 0, 0]);
    const value = 12_345n * 65n + 12_350n * 130n + 12_340n * 65n;
    expect(sumOf(fills)).toEqual(amountsOf(computeExecutionCharges({ ...option, quantity: 260, value })));
  });

  it('a buy below the cap pays 0.03% on the order: fills of 1, 2 and 7 shares sum to the brokerage of 10', () => {
    const buy = { ...base, side: 'buy' as const, quantity: 10, price: p(123_455) };
    const fills = chargeFills(buy, [
      [1, 123_455],
      [2, 123_455],
      [7, 123_455],
    ]);
    const whole = computeCharges(buy);
    expect(sumOf(fills)).toEqual(amountsOf(whole));
    expect(whole.brokerage).toBe(370); // 0.03% of ₹12,345.50 = ₹3.70365
    for (const f of fills) for (const key of CHARGE_AMOUNTS) expect(f[key]).toBeGreaterThanOrEqual(0);
  });

  it("gives a fill's amounts only: the rates are the schedule's, not the trade's", () => {
    const [first] = chargeFills(base, [[10, 150_000]]);
    expect(Object.keys(first!).sort()).toEqual([...CHARGE_AMOUNTS].sort());
  });
});

describe('an RMS square-off order (market-facts 1.4: ₹50 + 18% GST per order)', () => {
  it('adds ₹50 to the brokerage once per order, with GST on it, however many fills', () => {
    const plain = sumOf(chargeFills(base, [[150, 150_000]]));
    const fills = chargeFills({ ...base, rmsSquareOff: true }, [
      [100, 150_000],
      [50, 150_000],
    ]);
    expect(fills.map((f) => f.brokerage)).toEqual([2_000 + 5_000, 0]);
    const total = sumOf(fills);
    expect(total.brokerage - plain.brokerage).toBe(5_000);
    expect(total.gstOnBrokerage - plain.gstOnBrokerage).toBe(900);
    expect(total.total - plain.total).toBe(5_900);
  });

  it('is charged under a plan that waives brokerage, and not before anything is executed', () => {
    const plan = { equity: true, fno: true };
    expect(computeExecutionCharges({ ...base, rmsSquareOff: true, quantity: 0, value: 0n }).brokerage).toBe(0);
    expect(computeCharges({ ...base, plan }).brokerage).toBe(1);
    expect(computeCharges({ ...base, plan, rmsSquareOff: true }).brokerage).toBe(5_001);
  });
});
