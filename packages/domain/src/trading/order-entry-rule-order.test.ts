import { describe, expect, it } from 'vitest';
import { context, form, reliance } from './order-entry-fixtures.ts';
import { validateOrderEntry } from './order-entry.ts';

/** trading.md 5.1: the rules apply in the spec's order and the first failure is answered. */
describe('order-entry rules apply in the order 1 to 12', () => {
  const everythingWrong = form({
    action: 'sell',
    sellSource: 'IN_DP_WITHOUT_POA',
    quantity: '15',
    price: '1500.05',
    disclosedQuantity: '1',
    triggerPrice: '1400.00',
    validity: 'VTD',
    vtdDate: '',
  });
  const facts = { ...reliance, lot: 10 };
  const steps: Array<{ fix: Parameters<typeof form>[0]; rule: number }> = [
    { fix: {}, rule: 2 },
    { fix: { sellSource: 'IN_DP' }, rule: 4 },
    { fix: { quantity: '20' }, rule: 5 },
    { fix: { price: '1500.00' }, rule: 6 },
    { fix: { disclosedQuantity: '0' }, rule: 7 },
    { fix: { triggerPrice: '1510.00' }, rule: 8 },
  ];
  let current = everythingWrong;
  for (const step of steps) {
    current = { ...current, ...step.fix };
    const snapshot = current;
    it(`after fixing ${JSON.stringify(step.fix)} the first failure is rule ${step.rule}`, () => {
      const check = validateOrderEntry(snapshot, facts, { ...context, edisApprovedQuantity: 0 });
      expect(check.ok ? 0 : check.rule).toBe(step.rule);
    });
  }
  it('rule 1 comes before everything', () => {
    const check = validateOrderEntry(everythingWrong, null, context);
    expect(check.ok ? 0 : check.rule).toBe(1);
  });
  it('rule 2 (e-DIS) comes before rule 3 even when the quantity is also wrong for the lot', () => {
    const check = validateOrderEntry(
      form({ action: 'sell', sellSource: 'IN_DP_WITHOUT_POA', quantity: '3' }),
      facts,
      context,
    );
    expect(check.ok ? 0 : check.rule).toBe(2);
  });
  it('rule 3 comes before rule 4: an empty quantity is invalid, not a lot problem', () => {
    const check = validateOrderEntry(form({ quantity: '' }), facts, context);
    expect(check.ok ? 0 : check.rule).toBe(3);
  });
  it('rule 5 tick comes before rule 11 band: an off-tick price outside the band reports the tick', () => {
    const check = validateOrderEntry(form({ price: '1700.05' }), reliance, context);
    expect(check.ok ? '' : check.message).toBe('Price should be multiple of Tick Size which is ₹ 0.10');
  });
  it('rule 7 direction comes before rule 11 band for the trigger', () => {
    const check = validateOrderEntry(form({ price: '1600.00', triggerPrice: '1700.00' }), reliance, context);
    expect(check.ok ? 0 : check.rule).toBe(7);
  });
  it('rule 10 bracket range comes before rule 11 price band', () => {
    const bracket = form({
      advanceType: 'BRACKET',
      product: 'BO',
      price: '1680.00',
      boTriggerPrice: '10.00',
      boTargetPrice: '20.00',
    });
    const check = validateOrderEntry(bracket, reliance, context);
    expect(check.ok ? 0 : check.rule).toBe(10);
  });
});
