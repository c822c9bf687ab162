import { normaliseOrderForm, type OrderForm } from '@kite/domain';
import { describe, expect, it } from 'vitest';
import {
  advanceTypesEnabled,
  disclosedEnabled,
  initialOrderForm,
  reduceOrderForm,
  validityChoices,
  type FormAction,
  type ScripContext,
} from './order-form-state.ts';

const reliance: ScripContext = { instr: 'STK', exchange: 'NSE', lastPrice: '2890.10', lot: 1 };
const niftyFut: ScripContext = { instr: 'FUTIDX', exchange: 'NFO', lastPrice: '24500.00', lot: 75 };

function start(scrip: ScripContext = reliance, side: 'BUY' | 'SELL' = 'BUY'): OrderForm {
  const form = normaliseOrderForm(initialOrderForm({ side }, 'IN_DP'), scrip.instr);
  return reduceOrderForm(form, { type: 'scrip', scrip }, scrip.instr);
}

function run(form: OrderForm, instr: string, ...changes: FormAction[]): OrderForm {
  return changes.reduce((f, change) => reduceOrderForm(f, change, instr), form);
}

describe('order form state (trading.md 4.1)', () => {
  it('holds quantity 10 before a quote, then the lot size and the last price on new orders', () => {
    expect(initialOrderForm({ side: 'BUY' }, 'IN_DP').quantity).toBe('10');
    const form = start(niftyFut);
    expect(form.quantity).toBe('75');
    expect(form.price).toBe('24500.00');
    expect(form.product).toBe('CARRY FORWARD');
  });

  it('a basket line being modified keeps its own sell source: NOT IN DP stays NOT IN DP', () => {
    const onAdd = async () => {};
    const line = (isinDp: 'true' | 'false') => ({ onAdd, initial: { ordAction: 'sell' as const, qty: '5', isinDp } });
    expect(initialOrderForm({ side: 'SELL', basket: line('false') }, 'IN_DP').sellSource).toBe('NOT_IN_DP');
    expect(initialOrderForm({ side: 'SELL', basket: line('true') }, 'IN_DP').sellSource).toBe('IN_DP');
    expect(initialOrderForm({ side: 'SELL', basket: line('true') }, 'IN_DP_WITHOUT_POA').sellSource).toBe('IN_DP_WITHOUT_POA');
  });

  it('Cover or Bracket forces Day, clears AMO, disables disclosed quantity and zeroes the SL fields', () => {
    let form = run(start(), 'STK', { type: 'product', product: 'INTRADAY', scrip: reliance }, { type: 'validity', validity: 'IOC' }, { type: 'amo', isAmo: true });
    form = run(form, 'STK', { type: 'field', field: 'triggerPrice', value: '2800' }, { type: 'field', field: 'disclosedQuantity', value: '5' });
    form = run(form, 'STK', { type: 'advanceType', advanceType: 'COVER', lastPrice: '2890.10' });
    expect(form).toMatchObject({ validity: 'DAY', isAmo: false, disclosedQuantity: '0', triggerPrice: '0' });
    expect(disclosedEnabled(form)).toBe(false);
    expect(validityChoices(form, reliance)).toEqual(['DAY']);
    // AMO cannot be ticked again while cover is chosen.
    expect(run(form, 'STK', { type: 'amo', isAmo: true }).isAmo).toBe(false);
  });

  it('Bracket forces a limit order priced at the last price', () => {
    let form = run(start(), 'STK', { type: 'orderType', orderType: 'market', lastPrice: '2890.10' });
    expect(form.price).toBe('0');
    form = run(form, 'STK', { type: 'advanceType', advanceType: 'BRACKET', lastPrice: '2891.00' });
    expect(form.orderType).toBe('limit');
    expect(form.price).toBe('2891.00');
  });

  it('the second equity product tab clears AMO and resets the advance type to Regular', () => {
    let form = run(start(), 'STK', { type: 'advanceType', advanceType: 'COVER', lastPrice: '1' });
    form = run(form, 'STK', { type: 'product', product: 'MARGIN', scrip: reliance });
    expect(form.advanceType).toBe('REGULAR');
    expect(advanceTypesEnabled(form, 'STK')).toBe(false);
    form = run(start(), 'STK', { type: 'amo', isAmo: true }, { type: 'product', product: 'MARGIN', scrip: reliance });
    expect(form.isAmo).toBe(false);
    // The third tab keeps them.
    form = run(start(), 'STK', { type: 'amo', isAmo: true }, { type: 'product', product: 'INTRADAY', scrip: reliance });
    expect(form.isAmo).toBe(true);
  });

  it('Limit enables the price at the last price; Market disables it and sets 0', () => {
    let form = run(start(), 'STK', { type: 'orderType', orderType: 'market', lastPrice: '2890.10' });
    expect(form.price).toBe('0');
    form = run(form, 'STK', { type: 'orderType', orderType: 'limit', lastPrice: '2895.35' });
    expect(form.price).toBe('2895.35');
  });

  it('IOC disables the disclosed quantity and resets it to 0', () => {
    let form = run(start(), 'STK', { type: 'field', field: 'disclosedQuantity', value: '5' });
    form = run(form, 'STK', { type: 'validity', validity: 'IOC' });
    expect(form.disclosedQuantity).toBe('0');
    expect(disclosedEnabled(form)).toBe(false);
  });

  it('a trigger above 0 forces the first validity and shows only it; VTD is offered for equity only', () => {
    expect(validityChoices(start(), reliance)).toEqual(['DAY', 'IOC', 'VTD']);
    expect(validityChoices(start(niftyFut), niftyFut)).toEqual(['DAY', 'IOC']);
    const form = run(start(), 'STK', { type: 'validity', validity: 'IOC' }, { type: 'field', field: 'triggerPrice', value: '2800' });
    expect(form.validity).toBe('DAY');
    expect(validityChoices(form, reliance)).toEqual(['DAY']);
  });

  it('MODIFY and SQUAREOFF lock the action and the product; advance types are disabled', () => {
    const squareOff = normaliseOrderForm(initialOrderForm({ side: 'SELL', entryType: 'SQUAREOFF', product: 'INTRADAY', quantity: 5 }, 'IN_DP'), 'STK');
    const after = run(squareOff, 'STK', { type: 'action', action: 'buy' }, { type: 'product', product: 'CASH', scrip: reliance }, { type: 'scrip', scrip: reliance });
    expect(after).toMatchObject({ action: 'sell', product: 'INTRADAY', quantity: '5' });
    expect(advanceTypesEnabled(after, 'STK')).toBe(false);
    expect(run(after, 'STK', { type: 'advanceType', advanceType: 'COVER', lastPrice: '1' }).advanceType).toBe('REGULAR');
  });
});
