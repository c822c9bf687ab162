import { describe, expect, it } from 'vitest';
import type { PriceUnits } from '../money/price.ts';
import { chargesPayloadSchema, chargesResponse, chargesResponseSchema } from './charges-payload.ts';
import { computeCharges } from './charges.ts';

describe('charges payload and response (trading.md 3)', () => {
  it('accepts BUY/SELL in either case and decimal numbers as exact text', () => {
    const parsed = chargesPayloadSchema.parse({
      exchange: 'NSE',
      segment: 'equity',
      transactionType: 'BUY',
      quantity: 10,
      price: 1500.05,
      product: 'NRML',
      instrumentType: 'STK',
      symbol: 'RELIANCE',
      lotSize: 1,
    });
    expect([parsed.transactionType, parsed.quantity, parsed.price]).toEqual(['buy', '10', '1500.05']);
  });
  it('refuses another product', () => {
    expect(
      chargesPayloadSchema.safeParse({
        exchange: 'NSE',
        segment: 'equity',
        transactionType: 'buy',
        quantity: 1,
        price: 1,
        product: 'MIS',
        instrumentType: 'STK',
        symbol: 'X',
      }).success,
    ).toBe(false);
  });
  it('the delivery-buy example (total 1782p) answers ₹17.82 with rupee text', () => {
    const charges = computeCharges({
      exchange: 'NSE',
      instr: 'STK',
      symbol: 'RELIANCE',
      side: 'buy',
      product: 'NRML',
      quantity: 10,
      price: 150_000 as PriceUnits,
      priceDecimals: 2,
      lotQualifier: 1,
      tradeDate: '2026-11-20',
    });
    const response = chargesResponse(charges);
    expect(chargesResponseSchema.parse(response)).toEqual({
      brokerage: '0.00',
      stt: '15.00',
      sttPercent: '0.1',
      gstOnBrokerage: '0.09',
      gstPercent: '18',
      transactionCharge: '0.46',
      transactionChargePercent: '0.00307',
      sebiFee: '0.02',
      sebiFeePercent: '0.0001',
      stampDuty: '2.25',
      stampDutyPercent: '0.015',
      total: '17.82',
    });
  });
});
