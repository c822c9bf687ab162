import { describe, expect, it } from 'vitest';
import { context, form, reliance } from './order-entry-fixtures.ts';
import { validateOrderEntry } from './order-entry.ts';
import { hasStopLossTrigger } from './order-enums.ts';
import { checkDisclosedQuantity, disclosedQuantityLabels } from './disclosed-quantity.ts';
import {
  advanceTypeOf,
  checkEdisApproval,
  checkSquareOff,
  edisApprovalRequired,
  normaliseOrderForm,
  placedOrderTypeOfForm,
  orderFormFromPayload,
} from './order-form.ts';
import { placeOrderPayloadSchema, spreadOrderPayloadSchema } from './order-payload.ts';

const sym = { id: '2885', exc: 'NSE', exc_seg: 'nse_cm', instr: 'STK', xSym: 'RELIANCE-EQ' } as const;

describe('trading.md 4.1 forcing rules of the order form', () => {
  it('cover: Day validity, no AMO, no disclosed quantity, SL zeroed', () => {
    const f = normaliseOrderForm(
      form({ advanceType: 'COVER', validity: 'IOC', isAmo: true, disclosedQuantity: '5', triggerPrice: '1490' }),
      'STK',
    );
    expect([f.validity, f.isAmo, f.disclosedQuantity, f.triggerPrice]).toEqual(['DAY', false, '0', '0']);
  });
  it('bracket forces a limit order', () => {
    expect(normaliseOrderForm(form({ advanceType: 'BRACKET', orderType: 'market' }), 'STK').orderType).toBe('limit');
  });
  it('market sets the price to 0; IOC resets the disclosed quantity; a trigger forces Day', () => {
    expect(normaliseOrderForm(form({ orderType: 'market', price: '1500' }), 'STK').price).toBe('0');
    expect(normaliseOrderForm(form({ validity: 'IOC', disclosedQuantity: '5' }), 'STK').disclosedQuantity).toBe('0');
    expect(
      normaliseOrderForm(form({ validity: 'VTD', vtdDate: '21/11/2026', triggerPrice: '1490' }), 'STK'),
    ).toMatchObject({ validity: 'DAY', vtdDate: '' });
  });
  it('spreads are Day only', () => {
    expect(normaliseOrderForm(form({ validity: 'IOC' }), 'FUTIDXSPR').validity).toBe('DAY');
  });
  it('a regular form keeps its values', () => {
    const f = form({ validity: 'VTD', vtdDate: '21/11/2026', disclosedQuantity: '5' });
    expect(normaliseOrderForm(f, 'STK')).toEqual(f);
  });
});

describe('payloads (trading.md 3)', () => {
  const payload = {
    ordAction: 'sell',
    sym,
    ordType: 'limit',
    qty: 10,
    limitPrice: 1500.05,
    ordDuration: 'DAY',
    prdType: 'CO',
    coTriggerPrice: '1510.00',
    isinDp: 'true',
  };
  it('numbers become exact decimal text; defaults fill optional fields', () => {
    const parsed = placeOrderPayloadSchema.parse(payload);
    expect([parsed.qty, parsed.limitPrice, parsed.disQty, parsed.vtdDate, parsed.isAmo]).toEqual([
      '10',
      '1500.05',
      '0',
      '',
      false,
    ]);
  });
  it('refuses unknown products, a bad VTD format, exponents and unknown fields', () => {
    expect(placeOrderPayloadSchema.safeParse({ ...payload, prdType: 'MIS' }).success).toBe(false);
    expect(placeOrderPayloadSchema.safeParse({ ...payload, ordDuration: 'VTD', vtdDate: '2026-11-21' }).success).toBe(
      false,
    );
    expect(placeOrderPayloadSchema.safeParse({ ...payload, qty: 1e21 }).success).toBe(false);
    expect(placeOrderPayloadSchema.safeParse({ ...payload, extra: 1 }).success).toBe(false);
  });
  it('keeps an empty quantity for the validator to answer with the spec message', () => {
    const parsed = placeOrderPayloadSchema.parse({ ...payload, qty: '' });
    const f = orderFormFromPayload(parsed, { nonPoa: false });
    const check = validateOrderEntry(f, reliance, context);
    expect(check.ok ? '' : check.message).toBe('Please enter valid Quantity');
  });
  it('becomes the order form: CO is a cover order, a non-POA IN DP sell is IN DP w/o POA', () => {
    const f = orderFormFromPayload(placeOrderPayloadSchema.parse(payload), { nonPoa: true });
    expect([f.entryType, f.advanceType, f.action, f.sellSource, f.price]).toEqual([
      'NEW',
      'COVER',
      'sell',
      'IN_DP_WITHOUT_POA',
      '1500.05',
    ]);
    expect(
      orderFormFromPayload(placeOrderPayloadSchema.parse({ ...payload, isinDp: 'false' }), { nonPoa: true }).sellSource,
    ).toBe('NOT_IN_DP');
    expect(
      orderFormFromPayload(placeOrderPayloadSchema.parse({ ...payload, orderId: '42' }), { nonPoa: false }).entryType,
    ).toBe('MODIFY');
    expect(
      orderFormFromPayload(placeOrderPayloadSchema.parse({ ...payload, isSquareoff: true }), { nonPoa: false })
        .entryType,
    ).toBe('SQUAREOFF');
    expect([advanceTypeOf('BO'), advanceTypeOf('INTRADAY')]).toEqual(['BRACKET', 'REGULAR']);
  });
  it('spread legs must be opposite', () => {
    const spread = {
      sym: { ...sym, instr: 'FUTIDXSPR' },
      qty: '65',
      priceDiff: '-12.5',
      ordType: 'limit',
      prdType: 'SP',
      ordAction: 'B',
      ordAction2: 'S',
    };
    expect(spreadOrderPayloadSchema.safeParse(spread).success).toBe(true);
    expect(spreadOrderPayloadSchema.safeParse({ ...spread, ordAction2: 'B' }).success).toBe(false);
  });
});

describe('e-DIS (trading.md 4.2) and square-off (5.1 other rules)', () => {
  const sell = { action: 'sell' as const, sellSource: 'IN_DP_WITHOUT_POA' as const, product: 'CASH' as const };
  it('no approved quantity on the cash tab: SUBMIT E-DIS and the blocking message', () => {
    expect(edisApprovalRequired(sell, 0)).toBe(true);
    expect(checkEdisApproval(sell, 0)).toBe(
      'Kindly provide eDIS approval for Non POA holiding Qty before placing sell order request',
    );
    expect(edisApprovalRequired(sell, 10)).toBe(false);
    expect(edisApprovalRequired({ ...sell, sellSource: 'IN_DP' }, 0)).toBe(false);
    expect(edisApprovalRequired({ ...sell, product: 'INTRADAY' }, 0)).toBe(false);
  });
  it('square-off with outstanding orders is refused, naming the product', () => {
    expect(checkSquareOff(1, 'INTRADAY')).toBe(
      'Order Entry not permitted as there are outstanding orders in this symbol (or contract) in INTRADAY product for this client.',
    );
    expect(checkSquareOff(0, 'INTRADAY')).toBeNull();
  });
});

describe('disclosed quantity rule on its own (trading.md 5.1 rule 6, 9)', () => {
  it('labels per segment', () => {
    expect(disclosedQuantityLabels({ instr: 'STK', exchange: 'NSE' })).toEqual({
      label: 'Disclosed QTY',
      quantityLabel: 'QTY',
      minimumPercent: 10,
    });
    expect(disclosedQuantityLabels({ instr: 'FUTCOM', exchange: 'MCX' })).toEqual({
      label: 'Disclosed LOT',
      quantityLabel: 'LOT',
      minimumPercent: 25,
    });
    expect(disclosedQuantityLabels({ instr: 'FUTCUR', exchange: 'CDS' })).toEqual({
      label: 'Disclosed LOT',
      quantityLabel: 'LOT',
      minimumPercent: 10,
    });
  });
  it('0 is none; 25% of 10 lots is 2.5 so 2 fails and 3 passes', () => {
    const mcx = { instr: 'FUTCOM', exchange: 'MCX', lot: 1 };
    expect(checkDisclosedQuantity(0, 10, mcx)).toBeNull();
    expect(checkDisclosedQuantity(2, 10, mcx)).toBe('Disclosed LOT should not be less than 25% of the Order LOT');
    expect(checkDisclosedQuantity(3, 10, mcx)).toBeNull();
    expect(checkDisclosedQuantity(null, 10, mcx)).toBe('Disclosed LOT should be multiple of 1');
  });
});

describe('the order type placed and its stop-loss trigger', () => {
  it('a trigger above 0 makes a limit order SL and a market order SL-M; only those carry a trigger', () => {
    expect(placedOrderTypeOfForm({ orderType: 'limit', triggerPrice: '1495.00' })).toBe('SL');
    expect(placedOrderTypeOfForm({ orderType: 'market', triggerPrice: '1495' })).toBe('SL-M');
    expect(placedOrderTypeOfForm({ orderType: 'limit', triggerPrice: '0.00' })).toBe('LIMIT');
    expect(placedOrderTypeOfForm({ orderType: 'market', triggerPrice: '' })).toBe('MARKET');
    expect(['LIMIT', 'MARKET', 'SL', 'SL-M'].filter(hasStopLossTrigger)).toEqual(['SL', 'SL-M']);
  });
});
