import { describe, expect, it } from 'vitest';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { niftySpread, reliance } from '../search/testing/search-fixtures.ts';
import { initialOrderForm } from './order-form-state.ts';
import { requiredMarginPayload } from './order-payloads.ts';

const scrip = (row: typeof reliance): ScripRef => ({
  sym: row.sym,
  displaySym: row.displaySym,
  companyName: '',
  streamSym: '',
  tradable: true,
});

describe('the Required Margin request (trading.md 4.1)', () => {
  const form = { ...initialOrderForm({ side: 'BUY' }, 'IN_DP'), quantity: '4', price: '1518.90' };

  it('asks for margin-trading buys only among equity orders; others keep the default 0.00', () => {
    expect(requiredMarginPayload(form, scrip(reliance))).toBeNull();
    expect(requiredMarginPayload({ ...form, product: 'MARGIN', action: 'sell' }, scrip(reliance))).toBeNull();
    expect(requiredMarginPayload({ ...form, product: 'MARGIN' }, scrip(reliance))).toMatchObject({
      qty: '4',
      limitPrice: '1518.90',
      prdType: 'MARGIN',
    });
  });

  it('asks for a spread in either direction, at its price difference and its own product (modify keeps CARRY FORWARD)', () => {
    const spread = { ...form, product: 'CARRY FORWARD' as const, action: 'sell' as const, priceDiff: '-12.50' };
    expect(requiredMarginPayload(spread, scrip(niftySpread))).toEqual({
      sym: niftySpread.sym,
      ordType: 'limit',
      qty: '4',
      ordAction: 'sell',
      limitPrice: '-12.50',
      triggerPrice: '0',
      prdType: 'CARRY FORWARD',
    });
  });
});
