import { describe, expect, it } from 'vitest';
import { context, crudeOption, form, niftyFuture, niftySpread, p, reliance, usdInr } from './order-entry-fixtures.ts';
import { validateOrderEntry, type OrderEntryCheck } from './order-entry.ts';

function failure(check: OrderEntryCheck): { rule: number; field: string; message: string } | null {
  return check.ok ? null : { rule: check.rule, field: check.field, message: check.message };
}

describe('trading.md 5.1 order entry: a valid order passes with exact integers', () => {
  it('a limit buy of 10 RELIANCE at 1500.00 gives 150000 paise and quantity 10', () => {
    const check = validateOrderEntry(form(), reliance, context);
    expect(check).toEqual({
      ok: true,
      order: {
        quantity: 10,
        price: 150_000,
        disclosedQuantity: 0,
        triggerPrice: 0,
        coTriggerPrice: 0,
        boTriggerPrice: 0,
        boTargetPrice: 0,
        vtdDate: null,
        priceDiff: null,
      },
    });
  });
  it('a currency price keeps 4 decimals: 88.5025 is 885025 units', () => {
    const check = validateOrderEntry(
      form({ quantity: '2', price: '88.5025', product: 'CARRY FORWARD' }),
      usdInr,
      context,
    );
    expect(check.ok && check.order.price).toBe(885_025);
  });
});

describe('rule 1: unknown instrument and missing symbol', () => {
  it('no scrip chosen: Unable to proceed', () => {
    expect(failure(validateOrderEntry(form(), null, context))).toEqual({
      rule: 1,
      field: 'symbol',
      message: 'Unable to proceed',
    });
  });
  it('an instrument code outside the spec: Inputs not validated', () => {
    expect(failure(validateOrderEntry(form(), { ...reliance, instr: 'BOND' }, context))?.message).toBe(
      'Inputs not validated',
    );
  });
  it('an index (quote only) is not an instrument to order: Inputs not validated', () => {
    expect(failure(validateOrderEntry(form(), { ...reliance, instr: 'IDX' }, context))?.message).toBe(
      'Inputs not validated',
    );
  });
  it('a known code with a blank symbol: Unable to proceed', () => {
    expect(failure(validateOrderEntry(form(), { ...reliance, symbol: ' ' }, context))?.message).toBe(
      'Unable to proceed',
    );
  });
});

describe('rule 1: a product of another segment is an input that cannot be validated', () => {
  it('equity with CARRY FORWARD, SP or L: Inputs not validated', () => {
    for (const product of ['CARRY FORWARD', 'SP', 'L'] as const) {
      expect(failure(validateOrderEntry(form({ product }), reliance, context))).toEqual({
        rule: 1,
        field: 'symbol',
        message: 'Inputs not validated',
      });
    }
  });
  it('a future with CASH or MARGIN: Inputs not validated', () => {
    for (const product of ['CASH', 'MARGIN'] as const) {
      expect(
        failure(validateOrderEntry(form({ quantity: '65', price: '26100.00', product }), niftyFuture, context))
          ?.message,
      ).toBe('Inputs not validated');
    }
  });
  it("each segment's own products pass: equity CASH/MARGIN/INTRADAY, futures CARRY FORWARD/INTRADAY, spreads SP", () => {
    for (const product of ['CASH', 'MARGIN', 'INTRADAY'] as const)
      expect(validateOrderEntry(form({ product }), reliance, context).ok).toBe(true);
    for (const product of ['CARRY FORWARD', 'INTRADAY'] as const)
      expect(validateOrderEntry(form({ quantity: '65', price: '26100.00', product }), niftyFuture, context).ok).toBe(
        true,
      );
    expect(validateOrderEntry(form({ quantity: '65', price: '0', product: 'SP' }), niftySpread, context).ok).toBe(true);
    expect(
      failure(validateOrderEntry(form({ quantity: '65', price: '0', product: 'CASH' }), niftySpread, context))?.message,
    ).toBe('Inputs not validated');
  });
});

describe('rule 2: non-POA sell above the e-DIS approved quantity', () => {
  const sell = form({ action: 'sell', sellSource: 'IN_DP_WITHOUT_POA' });
  it('approved 5, selling 10: refused with the spec spelling', () => {
    expect(failure(validateOrderEntry(sell, reliance, { ...context, edisApprovedQuantity: 5 }))).toEqual({
      rule: 2,
      field: 'quantity',
      message: 'Order quantity can not be greater then E-dis quantity',
    });
  });
  it('approved 10, selling 10: allowed', () => {
    expect(validateOrderEntry(sell, reliance, { ...context, edisApprovedQuantity: 10 }).ok).toBe(true);
  });
  it('not applied to IN DP (POA) or NOT IN DP sells', () => {
    expect(validateOrderEntry({ ...sell, sellSource: 'IN_DP' }, reliance, context).ok).toBe(true);
    expect(validateOrderEntry({ ...sell, sellSource: 'NOT_IN_DP' }, reliance, context).ok).toBe(true);
  });
  it('not applied to a sell that takes no shares from the demat: intraday, cover and bracket close or open a position', () => {
    for (const product of ['INTRADAY', 'CO', 'BO', 'SHORTSELL'] as const)
      expect(
        validateOrderEntry({ ...sell, product }, reliance, { ...context, edisApprovedQuantity: 0 }).ok,
        product,
      ).toBe(true);
    expect(failure(validateOrderEntry({ ...sell, product: 'MARGIN' }, reliance, context))?.rule).toBe(2);
  });
});

describe('rule 3: quantity empty or not above 0', () => {
  for (const quantity of ['', '0', '-5', '1.5', 'abc', '10000000']) {
    it(`quantity "${quantity}": Please enter valid Quantity`, () => {
      expect(failure(validateOrderEntry(form({ quantity }), reliance, context))).toEqual({
        rule: 3,
        field: 'quantity',
        message: 'Please enter valid Quantity',
      });
    });
  }
});

describe('rule 4: quantity a multiple of the lot', () => {
  it('NIFTY lot 65, quantity 100: Quantity should be multiple of 65', () => {
    expect(
      failure(
        validateOrderEntry(
          form({ quantity: '100', price: '26100.00', product: 'CARRY FORWARD' }),
          niftyFuture,
          context,
        ),
      )?.message,
    ).toBe('Quantity should be multiple of 65');
  });
  it('quantity 130 (two lots) passes', () => {
    expect(
      validateOrderEntry(form({ quantity: '130', price: '26100.00', product: 'CARRY FORWARD' }), niftyFuture, context)
        .ok,
    ).toBe(true);
  });
});

describe('rule 5: limit price', () => {
  for (const price of ['', '0', '-1', 'x', '1500.001']) {
    it(`price "${price}": Please enter valid Price`, () => {
      expect(failure(validateOrderEntry(form({ price }), reliance, context))).toEqual({
        rule: 5,
        field: 'price',
        message: 'Please enter valid Price',
      });
    });
  }
  it('1500.05 with tick 0.10: Price should be multiple of Tick Size which is ₹ 0.10', () => {
    expect(failure(validateOrderEntry(form({ price: '1500.05' }), reliance, context))?.message).toBe(
      'Price should be multiple of Tick Size which is ₹ 0.10',
    );
  });
  it('currency tick shows 4 decimals: ₹ 0.0025', () => {
    expect(
      failure(validateOrderEntry(form({ quantity: '1', price: '88.5010', product: 'CARRY FORWARD' }), usdInr, context))
        ?.message,
    ).toBe('Price should be multiple of Tick Size which is ₹ 0.0025');
  });
  it('a market order ignores the price text and carries 0', () => {
    const check = validateOrderEntry(form({ orderType: 'market', price: '' }), reliance, context);
    expect(check.ok && check.order.price).toBe(0);
  });
  it('spreads accept a price of 0', () => {
    expect(validateOrderEntry(form({ quantity: '65', price: '0', product: 'SP' }), niftySpread, context).ok).toBe(true);
  });
});

describe('rule 6: disclosed quantity', () => {
  it('10% of 100 is 10: 9 is refused with the QTY labels', () => {
    expect(failure(validateOrderEntry(form({ quantity: '100', disclosedQuantity: '9' }), reliance, context))).toEqual({
      rule: 6,
      field: 'disclosedQuantity',
      message: 'Disclosed QTY should not be less than 10% of the Order QTY',
    });
  });
  it('exactly 10% passes', () => {
    expect(validateOrderEntry(form({ quantity: '100', disclosedQuantity: '10' }), reliance, context).ok).toBe(true);
  });
  it('above the quantity: should be less than Order QTY', () => {
    expect(
      failure(validateOrderEntry(form({ quantity: '100', disclosedQuantity: '101' }), reliance, context))?.message,
    ).toBe('Disclosed QTY should be less than Order QTY');
  });
  it('not a multiple of the lot 65', () => {
    expect(
      failure(
        validateOrderEntry(
          form({ quantity: '650', price: '26100.00', disclosedQuantity: '100', product: 'CARRY FORWARD' }),
          niftyFuture,
          context,
        ),
      )?.message,
    ).toBe('Disclosed QTY should be multiple of 65');
  });
  it('option on future: 25% of 8 lots is 2, 1 is refused with the LOT labels', () => {
    expect(
      failure(
        validateOrderEntry(
          form({ quantity: '8', price: '150.00', disclosedQuantity: '1', product: 'CARRY FORWARD' }),
          crudeOption,
          context,
        ),
      )?.message,
    ).toBe('Disclosed LOT should not be less than 25% of the Order LOT');
    expect(
      validateOrderEntry(
        form({ quantity: '8', price: '150.00', disclosedQuantity: '2', product: 'CARRY FORWARD' }),
        crudeOption,
        context,
      ).ok,
    ).toBe(true);
  });
  it('currency counts lots but keeps 10%', () => {
    expect(
      failure(
        validateOrderEntry(
          form({ quantity: '20', price: '88.5000', disclosedQuantity: '1', product: 'CARRY FORWARD' }),
          usdInr,
          context,
        ),
      )?.message,
    ).toBe('Disclosed LOT should not be less than 10% of the Order LOT');
  });
});

describe('rule 7: stop-loss of a regular order', () => {
  it('equal to the price', () => {
    expect(failure(validateOrderEntry(form({ triggerPrice: '1500.00' }), reliance, context))).toEqual({
      rule: 7,
      field: 'triggerPrice',
      message: 'Stoploss should not be equal to limit price',
    });
  });
  it('buy: trigger above the price', () => {
    expect(failure(validateOrderEntry(form({ triggerPrice: '1500.10' }), reliance, context))?.message).toBe(
      "'STOP LOSS PRICE' cannot be greater than 'PRICE' for Stop Loss Buy order",
    );
  });
  it('sell: trigger below the price', () => {
    expect(
      failure(validateOrderEntry(form({ action: 'sell', triggerPrice: '1499.90' }), reliance, context))?.message,
    ).toBe("'STOP LOSS PRICE' cannot be less than 'PRICE' for Stop Loss Sell order");
  });
  it('not a tick multiple', () => {
    expect(failure(validateOrderEntry(form({ triggerPrice: '1490.05' }), reliance, context))?.message).toBe(
      'Trigger Price should be multiple of Tick Size which is ₹ 0.10',
    );
  });
  it('a valid buy stop-loss limit: trigger 1490.00 below price 1500.00', () => {
    const check = validateOrderEntry(form({ triggerPrice: '1490.00' }), reliance, context);
    expect(check.ok && check.order.triggerPrice).toBe(149_000);
  });
  it('SL-M (market with trigger) has no price to compare with', () => {
    expect(
      validateOrderEntry(form({ orderType: 'market', price: '0', triggerPrice: '1550.00' }), reliance, context).ok,
    ).toBe(true);
  });
});

describe('rule 8: VTD date (now is 20/11/2026 10:00 IST)', () => {
  it('missing: Please select VTD date', () => {
    expect(failure(validateOrderEntry(form({ validity: 'VTD', vtdDate: '' }), reliance, context))).toEqual({
      rule: 8,
      field: 'vtdDate',
      message: 'Please select VTD date',
    });
  });
  for (const vtdDate of ['20/11/2026', '19/11/2026', '31/11/2026', '2026-11-25']) {
    it(`"${vtdDate}": Please select valid VTD date`, () => {
      expect(failure(validateOrderEntry(form({ validity: 'VTD', vtdDate }), reliance, context))?.message).toBe(
        'Please select valid VTD date',
      );
    });
  }
  it('tomorrow is valid and comes back as an ISO date', () => {
    const check = validateOrderEntry(form({ validity: 'VTD', vtdDate: '21/11/2026' }), reliance, context);
    expect(check.ok && check.order.vtdDate).toBe('2026-11-21');
  });
  it('at 23:59 IST "today" is still today: the next day is valid, today is not', () => {
    const lateEvening = Date.UTC(2026, 10, 20, 18, 29);
    expect(
      validateOrderEntry(form({ validity: 'VTD', vtdDate: '21/11/2026' }), reliance, { now: lateEvening }).ok,
    ).toBe(true);
    expect(
      validateOrderEntry(form({ validity: 'VTD', vtdDate: '20/11/2026' }), reliance, { now: lateEvening }).ok,
    ).toBe(false);
  });
  it('VTD exists for equity only', () => {
    expect(
      failure(
        validateOrderEntry(
          form({ quantity: '65', price: '26100.00', validity: 'VTD', vtdDate: '21/11/2026', product: 'CARRY FORWARD' }),
          niftyFuture,
          context,
        ),
      )?.message,
    ).toBe('Please select valid VTD date');
  });
});

describe('rule 9: cover order stop-loss', () => {
  const cover = (overrides: Parameters<typeof form>[0]) => form({ advanceType: 'COVER', product: 'CO', ...overrides });
  for (const coTriggerPrice of ['', '0']) {
    it(`trigger "${coTriggerPrice}": Please enter valid StopLoss Price`, () => {
      expect(failure(validateOrderEntry(cover({ coTriggerPrice }), reliance, context))).toEqual({
        rule: 9,
        field: 'coTriggerPrice',
        message: 'Please enter valid StopLoss Price',
      });
    });
  }
  it('equal to the price', () => {
    expect(failure(validateOrderEntry(cover({ coTriggerPrice: '1500.00' }), reliance, context))?.message).toBe(
      'Stoploss should not be equal to limit price',
    );
  });
  it('buy cover with the stop above the price', () => {
    expect(failure(validateOrderEntry(cover({ coTriggerPrice: '1510.00' }), reliance, context))?.message).toBe(
      "'STOP LOSS PRICE' cannot be greater than 'PRICE' for Stop Loss Buy order",
    );
  });
  it('sell cover with the stop below the price', () => {
    expect(
      failure(validateOrderEntry(cover({ action: 'sell', coTriggerPrice: '1490.00' }), reliance, context))?.message,
    ).toBe("'STOP LOSS PRICE' cannot be less than 'PRICE' for Stop Loss Sell order");
  });
  it('the direction rule is not applied when modifying the cover leg', () => {
    expect(validateOrderEntry(cover({ entryType: 'MODIFY', coTriggerPrice: '1510.00' }), reliance, context).ok).toBe(
      true,
    );
  });
  it('a market cover order compares the stop with the last price', () => {
    const market = cover({ orderType: 'market', price: '0', coTriggerPrice: '1510.00' });
    expect(failure(validateOrderEntry(market, reliance, { ...context, lastPrice: p(150_000) }))?.rule).toBe(9);
    expect(validateOrderEntry(market, reliance, { ...context, lastPrice: p(152_000) }).ok).toBe(true);
  });
  it('a valid buy cover: stop 1480.00 under price 1500.00', () => {
    const check = validateOrderEntry(cover({ coTriggerPrice: '1480.00' }), reliance, context);
    expect(check.ok && check.order.coTriggerPrice).toBe(148_000);
  });
});

describe('rule 10: bracket order (new orders)', () => {
  const bracket = (overrides: Parameters<typeof form>[0]) =>
    form({ advanceType: 'BRACKET', product: 'BO', boTriggerPrice: '10.00', boTargetPrice: '20.00', ...overrides });
  it('missing stop-loss', () => {
    expect(failure(validateOrderEntry(bracket({ boTriggerPrice: '' }), reliance, context))).toEqual({
      rule: 10,
      field: 'boTriggerPrice',
      message: 'Please enter valid StopLoss Price(Abs Value)',
    });
  });
  it('missing target', () => {
    expect(failure(validateOrderEntry(bracket({ boTargetPrice: '0' }), reliance, context))?.message).toBe(
      'Please enter valid Target Price(Abs Value)',
    );
  });
  it('stop-loss off the tick', () => {
    expect(failure(validateOrderEntry(bracket({ boTriggerPrice: '10.05' }), reliance, context))?.message).toBe(
      'Trigger Price should be multiple of Tick Size which is ₹ 0.10',
    );
  });
  it('target off the tick', () => {
    expect(failure(validateOrderEntry(bracket({ boTargetPrice: '20.05' }), reliance, context))?.message).toBe(
      'Target Price should be multiple of Tick Size which is ₹ 0.10',
    );
  });
  it('buy: 1500.00 + target 171.10 = 1671.10 is above the band high 1671.00', () => {
    expect(failure(validateOrderEntry(bracket({ boTargetPrice: '171.10' }), reliance, context))?.message).toBe(
      'Please enter Target Price(Abs Value) within the Daily Price Range',
    );
  });
  it('buy: 1500.00 + target 171.00 = 1671.00 is at the band high and passes', () => {
    expect(validateOrderEntry(bracket({ boTargetPrice: '171.00' }), reliance, context).ok).toBe(true);
  });
  it('buy: 1500.00 - stop 133.10 = 1366.90 is below the band low 1367.00', () => {
    expect(failure(validateOrderEntry(bracket({ boTriggerPrice: '133.10' }), reliance, context))?.message).toBe(
      'Please enter Trigger Price(Abs Value) within the Daily Price Range',
    );
  });
  it('sell mirrors: 1500.00 - target 133.10 below the low; 1500.00 + stop 171.10 above the high', () => {
    expect(
      failure(validateOrderEntry(bracket({ action: 'sell', boTargetPrice: '133.10' }), reliance, context))?.message,
    ).toBe('Please enter Target Price(Abs Value) within the Daily Price Range');
    expect(
      failure(validateOrderEntry(bracket({ action: 'sell', boTriggerPrice: '171.10' }), reliance, context))?.message,
    ).toBe('Please enter Trigger Price(Abs Value) within the Daily Price Range');
  });
  it('not applied when modifying', () => {
    expect(
      validateOrderEntry(bracket({ entryType: 'MODIFY', boTriggerPrice: '', boTargetPrice: '' }), reliance, context).ok,
    ).toBe(true);
  });
});

describe('rule 11: second check against the daily price range', () => {
  it('price above the band: Please enter valid price (lower-case p)', () => {
    expect(failure(validateOrderEntry(form({ price: '1671.10' }), reliance, context))).toEqual({
      rule: 11,
      field: 'price',
      message: 'Please enter valid price',
    });
  });
  it('price below the band', () => {
    expect(failure(validateOrderEntry(form({ price: '1366.90' }), reliance, context))?.message).toBe(
      'Please enter valid price',
    );
  });
  it('SL-M buy trigger above the band', () => {
    expect(
      failure(validateOrderEntry(form({ orderType: 'market', triggerPrice: '1671.10' }), reliance, context))?.message,
    ).toBe('Trigger Price Should not be greater than Daily Price Range');
  });
  it('SL-M sell trigger below the band', () => {
    expect(
      failure(
        validateOrderEntry(form({ action: 'sell', orderType: 'market', triggerPrice: '1366.90' }), reliance, context),
      )?.message,
    ).toBe('Trigger Price Should not be lesser than Daily Price Range');
  });
  it('cover trigger outside the cover range 1450.00 - 1550.00', () => {
    const coverRange = { ...context, coverTriggerRange: { low: p(145_000), high: p(155_000) } };
    const cover = form({ advanceType: 'COVER', product: 'CO', coTriggerPrice: '1440.00' });
    expect(failure(validateOrderEntry(cover, reliance, coverRange))?.message).toBe(
      'Trigger Price Should not be lesser than Price Range',
    );
    const sell = form({ action: 'sell', advanceType: 'COVER', product: 'CO', coTriggerPrice: '1560.00' });
    expect(failure(validateOrderEntry(sell, reliance, coverRange))?.message).toBe(
      'Trigger Price Should not be greater than Price Range',
    );
  });
  it('without a cover range the daily range is used (trading.md 8 fallback)', () => {
    const cover = form({ advanceType: 'COVER', product: 'CO', coTriggerPrice: '1366.90' });
    expect(failure(validateOrderEntry(cover, reliance, context))?.message).toBe(
      'Trigger Price Should not be lesser than Price Range',
    );
  });
  it('an unknown band skips the check', () => {
    expect(
      validateOrderEntry(form({ price: '9999.00' }), { ...reliance, dprLow: null, dprHigh: null }, context).ok,
    ).toBe(true);
  });
});

describe('rule 12: spread price difference', () => {
  const spread = (priceDiff: string) => form({ quantity: '65', price: '50.00', product: 'SP', priceDiff });
  it('may be negative', () => {
    const check = validateOrderEntry(spread('-120.50'), niftySpread, context);
    expect(check.ok && check.order.priceDiff).toBe(-12_050);
  });
  it('the minimum -9999999.99 (2 decimals) passes; below it fails', () => {
    expect(validateOrderEntry(spread('-9999999.99'), niftySpread, context).ok).toBe(true);
    expect(failure(validateOrderEntry(spread('-10000000.00'), niftySpread, context))).toEqual({
      rule: 12,
      field: 'priceDiff',
      message: 'Please enter valid Price',
    });
  });
  it('a currency spread reaches -9999999.9999 exactly', () => {
    const cur = {
      ...niftySpread,
      instr: 'FUTCURSPR',
      exchange: 'CDS',
      lot: 1,
      tickSize: p(25),
      priceDecimals: 4 as const,
    };
    expect(
      validateOrderEntry(
        form({ quantity: '1', price: '0.0500', product: 'SP', priceDiff: '-9999999.9999' }),
        cur,
        context,
      ).ok,
    ).toBe(true);
    expect(
      validateOrderEntry(
        form({ quantity: '1', price: '0.0500', product: 'SP', priceDiff: '-10000000.0000' }),
        cur,
        context,
      ).ok,
    ).toBe(false);
  });
});
