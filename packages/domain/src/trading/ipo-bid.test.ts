import { describe, expect, it } from 'vitest';
import { checkIpoBid, checkIpoUpi, ipoBidAmounts, ipoTermsOf, type IpoTerms, mayBidForIpo } from './ipo-bid.ts';

/** A book-built issue: band 285-300, tick 1, lot 50, min 50 shares, ₹ 2.50 discount, retail cap 13 lots. */
const terms: IpoTerms = ipoTermsOf({
  minPrice: '285.00',
  maxPrice: '300.00',
  cutOffPrice: '300.00',
  tickSize: '1.00',
  lotSize: 50,
  minBidQuantity: 50,
  minimumInvestmentAmt: '14125.00',
  maximumInvestmentAmt: '195000.00',
  discount: '2.50',
});
const slots = (...pairs: [number, number][]) => pairs.map(([lots, price]) => ({ lots, price }));

describe('IPO bid maths (investing.md 5 last rule)', () => {
  it('payable = lots x (price - discount) x lot size, total = lots x price x lot size, exact in paise', () => {
    expect(ipoBidAmounts(terms, { atCutOff: true, slots: slots([3, 0]) })).toEqual({
      quantity: 150,
      total: 45_000_00,
      discount: 375_00,
      payable: 44_625_00,
    });
  });
  it('takes the highest-priced bid of a multi-bid', () => {
    const amounts = ipoBidAmounts(terms, { atCutOff: false, slots: slots([2, 290_00], [2, 299_00], [2, 286_00]) });
    expect(amounts).toEqual({ quantity: 100, total: 29_900_00, discount: 250_00, payable: 29_650_00 });
  });
  it('keeps paise exact where binary floating point would not (0.1 + 0.2)', () => {
    const odd = { ...terms, minPrice: 1, maxPrice: 1_000_00, tickSize: 1, lotSize: 3, discount: 10 };
    // 1 lot x (100.30 - 0.10) x 3 = 300.60 exactly
    expect(ipoBidAmounts(odd, { atCutOff: false, slots: slots([1, 100_30]) }).payable).toBe(300_60);
  });
  it('is zero without lots, and ignores cancelled slots', () => {
    expect(ipoBidAmounts(terms, { atCutOff: false, slots: slots([0, 290_00]) }).payable).toBe(0);
    const entry = {
      atCutOff: false,
      slots: [
        { lots: 1, price: 300_00, cancelled: true },
        { lots: 1, price: 290_00 },
      ],
    };
    expect(ipoBidAmounts(terms, entry).total).toBe(14_500_00);
  });
});

describe('IPO bid checks (investing.md 5 "IPO bid"), word for word', () => {
  const check = (atCutOff: boolean, ...pairs: [number, number][]) =>
    checkIpoBid(terms, { atCutOff, slots: slots(...pairs) }, 'new');
  it('accepts a valid cut-off bid and a valid multi-bid', () => {
    expect(check(true, [1, 0])).toEqual({ ok: true });
    expect(check(false, [2, 290_00], [2, 295_00], [0, 0])).toEqual({ ok: true });
  });
  it('cut-off: lots x lot size at least the minimum', () => {
    expect(check(true, [0, 0])).toMatchObject({ ok: false, message: 'Bid Lot must be greater than 50.' });
  });
  it('multi-bid: non-zero lots all equal', () => {
    expect(check(false, [1, 290_00], [2, 295_00])).toMatchObject({ message: 'Lot size must be same or zero.' });
  });
  it('price band (the price resets), lots for a price, tick size', () => {
    expect(check(false, [1, 290_00], [1, 301_00])).toEqual({
      ok: false,
      message: 'Price must be in range for Bid 2',
      slot: 2,
      resetPrice: true,
    });
    expect(check(false, [1, 290_00], [0, 0], [0, 295_00])).toMatchObject({
      message: 'Please enter number of lots for Bid 3',
    });
    expect(check(false, [1, 290_50])).toMatchObject({
      message: 'Bid 1 Price should be multiple of Tick Size which is ₹ 1.00',
    });
  });
  it('with no tick size, the first bid with lots must reach the minimum quantity', () => {
    const noTick = { ...terms, tickSize: 0, minBidQuantity: 100 };
    const answer = checkIpoBid(noTick, { atCutOff: false, slots: slots([0, 0], [1, 290_50]) }, 'new');
    expect(answer).toMatchObject({ message: 'Bid 2 Lot must be greater than 100.' });
  });
  it('payable within the investment range', () => {
    expect(check(true, [14, 0])).toMatchObject({
      message: 'Payable Amount must be in investment range which is ₹ (14,125.00 - 1,95,000.00)',
    });
    expect(check(true, [13, 0])).toEqual({ ok: true });
  });
  it('modify: a placed slot left with zero lots', () => {
    const entry = {
      atCutOff: false,
      slots: [
        { lots: 1, price: 290_00, existing: true },
        { lots: 0, price: 0, existing: true },
      ],
    };
    expect(checkIpoBid(terms, entry, 'modify')).toMatchObject({ message: 'Please enter valid lot for Bid 2' });
  });
});

describe('UPI id of a new bid', () => {
  const handlers = ['@okicici', '@ybl'];
  it('is mandatory and must end with an allowed handler', () => {
    expect(checkIpoUpi('  ', handlers)).toBe('BHIM UPI ID is mandatory');
    expect(checkIpoUpi('me@paytm', handlers)).toBe(
      'The UPI id entered by you does not support IPO one time mandates. Request you to kindly enter valid UPI id from below handlers only: @okicici, @ybl',
    );
    expect(checkIpoUpi('Me.Name@OKICICI', handlers)).toBeNull();
    expect(checkIpoUpi('@ybl', handlers)).not.toBeNull();
  });
});

describe('who may bid for an IPO (investing.md 6)', () => {
  it('any one of the four trading segments is enough; none refuses', () => {
    const none = { equity: false, fno: false, currency: false, commodity: false };
    expect(mayBidForIpo(none)).toBe(false);
    for (const segment of ['equity', 'fno', 'currency', 'commodity'] as const) expect(mayBidForIpo({ ...none, [segment]: true })).toBe(true);
  });
});
