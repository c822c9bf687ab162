import type { IpoMaster, IpoOrder } from '@kite/domain';
import { describe, expect, it } from 'vitest';
import { activitiesOf, cancelRequestOf, initialForm, isUnchanged, requestOf } from './place-order-form.ts';

const master = {
  symbol: 'SAHYADRI',
  cutOffPrice: '300.00',
  minPrice: '285.00',
  maxPrice: '300.00',
  tickSize: '1.00',
  lotSize: 50,
  minBidQuantity: 50,
  minimumInvestmentAmt: '14250.00',
  maximumInvestmentAmt: '195000.00',
  discount: '0.00',
  category: ['IND'],
} as IpoMaster;

const bid = (n: number, price: string, activityType: 'Ordered' | 'Modified' | 'Cancelled' = 'Ordered') => ({
  slot: n,
  activityType,
  atCutOff: false,
  quantity: 100,
  price,
  amount: '0.00',
  bidReferenceNumber: `REF${n}`,
});
const multiBid = {
  symbol: 'SAHYADRI',
  applicationNumber: 'IPO1000005',
  lotSize: 50,
  upi: 'a@ybl',
  category: 'IND',
  pan: 'ABCPS1234F',
  dpId: '12081600',
  depository: 'CDSL',
  clientBenId: '1208160000000001',
  clientName: 'Aarav Sharma',
  bids: [bid(1, '295.00'), bid(2, '290.00'), bid(3, '289.00', 'Cancelled')],
} as IpoOrder;
const demat = {
  clientName: 'Aarav Sharma',
  pan: 'ABCPS1234F',
  dpId: '12081600',
  type: 'CDSL',
  value: '1208160000000001',
} as never;

describe('activity types per slot (investing.md 4 "IPO")', () => {
  it('a new bid: slot 1 new, other filled slots new only in multi-bid', () => {
    const form = { ...initialForm(master), atCutOff: false, lots: ['1', '1', '0'] as [string, string, string] };
    expect(activitiesOf(form)).toEqual(['new', 'new', '']);
    expect(activitiesOf(initialForm(master))).toEqual(['new', '', '']);
  });
  it('a modified multi-bid: placed slots modify, a cancelled slot filled again is new', () => {
    const form = initialForm(master, multiBid);
    expect(form.lots).toEqual(['2', '2', '0']);
    expect(isUnchanged(master, form, multiBid)).toBe(true);
    const refilled = {
      ...form,
      lots: ['2', '2', '2'] as [string, string, string],
      prices: ['295.00', '290.00', '288'] as [string, string, string],
    };
    expect(activitiesOf(refilled, multiBid)).toEqual(['modify', 'modify', 'new']);
    expect(isUnchanged(master, refilled, multiBid)).toBe(false);
  });
  it('a multi-bid switched to Cut-Off: slot 1 modified, placed slots 2 and 3 cancelled, sent with 0 lots', () => {
    const form = { ...initialForm(master, multiBid), atCutOff: true };
    expect(activitiesOf(form, multiBid)).toEqual(['modify', 'cancel', '']);
    expect(requestOf(master, form, demat, multiBid)).toMatchObject({
      atCutOff: true,
      multiBid: false,
      lot: 2,
      lot2: 0,
      lot3: 0,
      price: '300.00',
      price2: '',
      bidRefNum: 'REF1',
      bidRefNum2: 'REF2',
      bidRefNum3: '',
      activityType: 'modify',
      activityType2: 'cancel',
      activityType3: '',
      upi: 'a@ybl',
    });
  });
  it('a cancel names every live bid and no cancelled one', () => {
    expect(cancelRequestOf(multiBid)).toMatchObject({
      activityType: 'cancel',
      activityType2: 'cancel',
      activityType3: '',
      bidRefNum: 'REF1',
      bidRefNum2: 'REF2',
      bidRefNum3: '',
      lot: 2,
      lot2: 2,
      lot3: 0,
      price3: '',
    });
  });
});

describe('an application whose multi-bid leaves Bid 1 empty (bids read by their slot, not their position)', () => {
  const bid2Only = { ...multiBid, bids: [bid(2, '290.00')] } as IpoOrder;

  it('shows the bid in Bid 2 when modifying, and modifies it in slot 2', () => {
    const form = initialForm(master, bid2Only);
    expect(form.lots).toEqual(['0', '2', '0']);
    expect(form.prices).toEqual(['', '290.00', '']);
    expect(isUnchanged(master, form, bid2Only)).toBe(true);
    const raised = { ...form, prices: ['', '295', ''] as [string, string, string] };
    expect(requestOf(master, raised, demat, bid2Only)).toMatchObject({
      lot: 0,
      lot2: 2,
      price: '',
      price2: '295.00',
      bidRefNum: '',
      bidRefNum2: 'REF2',
      activityType: 'new',
      activityType2: 'modify',
      activityType3: '',
    });
  });

  it('cancels the bid of slot 2 by its reference, naming no bid in slot 1', () => {
    expect(cancelRequestOf(bid2Only)).toMatchObject({
      multiBid: true,
      lot: 0,
      lot2: 2,
      price: '',
      price2: '290.00',
      bidRefNum: '',
      bidRefNum2: 'REF2',
      bidRefNum3: '',
      activityType: 'cancel',
      activityType2: 'cancel',
      activityType3: '',
    });
  });
});
