import type { AddIpoRequest } from '@kite/domain';

/** The demat and PAN fields of a bid: whose account it names. */
export interface BidDemat {
  clientName: string;
  pan: string;
  dpId: string;
  depository: 'CDSL' | 'NSDL';
  clientBenId: string;
}

/** A new bid of one lot at cut-off in SAHYADRI (lot 50, cut-off ₹300), naming `demat`, with `change` applied. */
export function cutOffBid(
  demat: BidDemat,
  change: Record<string, unknown> = {},
): AddIpoRequest & Record<string, unknown> {
  return {
    symbol: 'SAHYADRI',
    applicationNumber: '',
    atCutOff: true,
    multiBid: false,
    lot: 1,
    lot2: 0,
    lot3: 0,
    lotSize: 50,
    price: '300.00',
    price2: '',
    price3: '',
    upi: 'someone@okicici',
    bidRefNum: '',
    bidRefNum2: '',
    bidRefNum3: '',
    activityType: 'new',
    activityType2: '',
    activityType3: '',
    category: 'IND',
    ...demat,
    ...change,
  };
}
