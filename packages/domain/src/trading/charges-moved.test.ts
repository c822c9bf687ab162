import { describe, expect, it } from 'vitest';
import { CHARGE_AMOUNTS, computeExecutionCharges, type ChargeAmounts } from './charges.ts';
import { chargesOfMovedFills } from './charges-moved.ts';

const order = {
  exchange: 'NSE',
  instr: 'STK',
  symbol: 'RELIANCE',
  side: 'buy' as const,
  priceDecimals: 2 as const,
  lotQualifier: 1,
  tradeDate: '2026-11-20',
};

const amounts = (c: ChargeAmounts) => Object.fromEntries(CHARGE_AMOUNTS.map((k) => [k, c[k]]));

describe('chargesOfMovedFills: an order charged by the product its quantity ended the day in', () => {
  it('all moved: the fill pays exactly the delivery charges', () => {
    // Buy 100 at ₹1,000 (₹1,00,000) as delivery: brokerage 0; STT 0.1% = ₹100; NSE txn 0.00307% = ₹3.07;
    // SEBI ₹10/cr = ₹0.10; stamp 0.015% = ₹15; GST 18% of (0 + 3.07 + 0.10) = ₹0.5706 -> ₹0.57. Total ₹118.74.
    const [fill] = chargesOfMovedFills(order, 'INTRADAY', 'NRML', [{ quantity: 100, price: 100_000, moved: 100 }]);
    expect(fill!.moved).toEqual(fill!.charges);
    expect(fill!.charges).toEqual({
      turnover: 10_000_000,
      brokerage: 0,
      stt: 10_000,
      gstOnBrokerage: 57,
      transactionCharge: 307,
      sebiFee: 10,
      stampDuty: 1_500,
      total: 11_874,
    });
  });

  it('nothing moved: the fill pays what the OMS booked as intraday', () => {
    // Intraday: brokerage min(0.03% = ₹30, ₹20) = ₹20; STT 0 on a buy; txn ₹3.07; SEBI ₹0.10; stamp 0.003% = ₹3;
    // GST 18% of ₹23.17 = ₹4.1706 -> ₹4.17. Total ₹30.34.
    const [fill] = chargesOfMovedFills(order, 'INTRADAY', 'NRML', [{ quantity: 100, price: 100_000, moved: 0 }]);
    expect(fill!.charges.total).toBe(3_034);
    expect(fill!.moved.total).toBe(0);
    expect(amounts(fill!.charges)).toEqual(
      amounts(computeExecutionCharges({ ...order, product: 'INTRADAY', quantity: 100, value: 10_000_000n })),
    );
  });

  it('part moved: the order is charged as two executions, intraday for what stayed and delivery for what moved', () => {
    // 60 intraday (₹60,000): brokerage ₹18; txn ₹1.842 -> ₹1.84; SEBI ₹0.06; stamp ₹1.80; GST 18% of ₹19.90 = ₹3.582
    // -> ₹3.58; total ₹25.28. 40 delivery (₹40,000): STT ₹40; txn ₹1.228 -> ₹1.23; SEBI ₹0.04; stamp ₹6; GST 18% of
    // ₹1.27 = ₹0.2286 -> ₹0.23; total ₹47.50. Together ₹72.78.
    const [fill] = chargesOfMovedFills(order, 'INTRADAY', 'NRML', [{ quantity: 100, price: 100_000, moved: 40 }]);
    expect(fill!.charges).toEqual({
      turnover: 10_000_000,
      brokerage: 1_800,
      stt: 4_000,
      gstOnBrokerage: 358 + 23,
      transactionCharge: 184 + 123,
      sebiFee: 10,
      stampDuty: 180 + 600,
      total: 7_278,
    });
    expect(fill!.moved).toEqual({
      turnover: 4_000_000,
      brokerage: 0,
      stt: 4_000,
      gstOnBrokerage: 23,
      transactionCharge: 123,
      sebiFee: 4,
      stampDuty: 600,
      total: 4_750,
    });
  });

  it('several fills add up to the two executions charged whole (brokerage per order, STT rounded on the whole)', () => {
    const fills = [
      { quantity: 33, price: 100_005, moved: 10 },
      { quantity: 40, price: 100_115, moved: 40 },
      { quantity: 27, price: 99_990, moved: 0 },
    ];
    const charged = chargesOfMovedFills({ ...order, side: 'sell' }, 'INTRADAY', 'NRML', fills);
    const sum = (key: (typeof CHARGE_AMOUNTS)[number]) => charged.reduce((t, c) => t + c.charges[key], 0);
    const movedSum = (key: (typeof CHARGE_AMOUNTS)[number]) => charged.reduce((t, c) => t + c.moved[key], 0);
    const value = (pick: (f: (typeof fills)[number]) => number) =>
      fills.reduce((t, f) => t + BigInt(f.price) * BigInt(pick(f)), 0n);
    const stayed = computeExecutionCharges({
      ...order,
      side: 'sell',
      product: 'INTRADAY',
      quantity: 50,
      value: value((f) => f.quantity - f.moved),
    });
    const moved = computeExecutionCharges({
      ...order,
      side: 'sell',
      product: 'NRML',
      quantity: 50,
      value: value((f) => f.moved),
    });
    for (const key of CHARGE_AMOUNTS) expect(sum(key), key).toBe(stayed[key] + moved[key]);
    for (const key of CHARGE_AMOUNTS) expect(movedSum(key), key).toBe(moved[key]);
  });

  it('refuses a moved quantity outside the fill', () => {
    expect(() => chargesOfMovedFills(order, 'INTRADAY', 'NRML', [{ quantity: 10, price: 100, moved: 11 }])).toThrow(
      RangeError,
    );
  });
});
