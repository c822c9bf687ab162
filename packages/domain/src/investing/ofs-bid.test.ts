import { describe, expect, it } from 'vitest';
import { checkOfsBid, ofsOrderPrice } from './ofs-bid.ts';

const floor = 41_250; // 412.50

describe('OFS bid rules', () => {
  it('makes the order price from quantity and price, exactly in paise', () => {
    expect(checkOfsBid({ category: 'IS', quantity: '100', price: '412.55', floorPricePaise: floor })).toEqual({
      ok: true,
      quantity: 100,
      pricePaise: 41_255,
      orderPricePaise: 4_125_500,
    });
    expect(ofsOrderPrice('3', '0.10')).toBe(30);
    expect(ofsOrderPrice('', '412')).toBeNull();
    expect(ofsOrderPrice('3', 'abc')).toBeNull();
  });

  it('refuses a price under the floor, off the 0.05 tick, or malformed', () => {
    expect(checkOfsBid({ category: 'IS', quantity: '1', price: '412.45', floorPricePaise: floor })).toEqual({
      ok: false,
      field: 'price',
      message: 'The price must be at least the floor price 412.50.',
    });
    expect(checkOfsBid({ category: 'IS', quantity: '1', price: '412.52', floorPricePaise: floor })).toMatchObject({
      ok: false,
      message: 'The price must be a multiple of 0.05.',
    });
    expect(checkOfsBid({ category: 'IS', quantity: '1', price: '4x', floorPricePaise: floor })).toMatchObject({
      ok: false,
      field: 'price',
    });
  });

  it('refuses a quantity under 1 or not whole', () => {
    for (const quantity of ['0', '', '1.5', '-3']) {
      expect(checkOfsBid({ category: 'IS', quantity, price: '413', floorPricePaise: floor })).toMatchObject({
        ok: false,
        field: 'quantity',
      });
    }
  });

  it('caps a retail (RS) bid at ₹2,00,000 but not a non-retail (IS) one', () => {
    // 400 x 500.00 = 2,00,000.00 exactly: allowed; one more share is not.
    expect(checkOfsBid({ category: 'RS', quantity: '400', price: '500', floorPricePaise: floor }).ok).toBe(true);
    expect(checkOfsBid({ category: 'RS', quantity: '401', price: '500', floorPricePaise: floor })).toMatchObject({
      ok: false,
      message: 'A retail bid may not exceed ₹2,00,000.',
    });
    expect(checkOfsBid({ category: 'IS', quantity: '401', price: '500', floorPricePaise: floor }).ok).toBe(true);
  });
});
