import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDay, istInstant, isoDate } from '@kite/exchange';
import type { IpoDemat, IpoMaster, IpoOrder, UpcomingIpo } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { clientState } from '../../reliability/client-state.ts';
import { cutOffBid } from './ipo-test-support.ts';
import type { TestApp } from '../../test/harness.ts';

type Placed = { applicationNumber: string; bids: IpoOrder['bids'] };

const IPO_TABLES = ['ipo_applications', 'ipo_bids'] as const;

describe('/IPO/* calls (investing.md 7 "IPO") against PostgreSQL, with real daily hours', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  let today: number;
  const demats: Record<string, IpoDemat> = {};

  const slash = (day: number) => isoDate(day).split('-').reverse().join('/');
  const at = (day: number, hour: number, minute = 0) => t.app.clock.set(istInstant(day, hour, minute));
  const book = async (cookie: string, from = slash(today - 10), to = slash(today)) => {
    const answer = await t.call<{ data: IpoOrder[] }>(
      '/IPO/OrderBook',
      { selectedFromDate: from, selectedToDate: to },
      { cookie },
    );
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.data;
  };
  const masters = async (cookie: string) => {
    const answer = await t.call<{ ipoList: { ipoMaster: IpoMaster[]; ipoUpiHandler: string[] } }>(
      '/IPO/GetIPOData',
      { tab: 'ongoing', appKey: 'K' },
      { cookie },
    );
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.ipoList;
  };
  /** A bid as the place-order screen sends it: one cut-off lot of SAHYADRI by default, with the user's own demat. */
  const bid = (user: 'DEMO1' | 'DEMO2', change: Record<string, unknown> = {}) => {
    const { clientName, pan, dpId, type, value } = demats[user]!;
    return cutOffBid({ clientName, pan, dpId, depository: type, clientBenId: value }, { appKey: 'K', ...change });
  };
  const add = (cookie: string, data: unknown) => t.call<Placed>('/IPO/AddIPO', data, { cookie });

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off', MARKET_HOURS: 'real' });
    today = istDay(Date.now());
    at(today, 11);
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
    for (const [user, cookie] of [
      ['DEMO1', demo1],
      ['DEMO2', demo2],
    ] as const) {
      const answer = await t.call<{ dematAccList: IpoDemat[] }>('/IPO/DPDetails', {}, { cookie });
      demats[user] = answer.data.dematAccList[0]!;
    }
  });
  afterAll(() => t.close());

  it('refuses every call without a session (EGN006)', async () => {
    for (const path of ['/IPO/GetIPO', '/IPO/GetIPOData', '/IPO/DPDetails', '/IPO/OrderBook', '/IPO/AddIPO']) {
      expect((await t.call(path, {})).infoID).toBe('EGN006');
    }
  });

  it('lists the ongoing issues with their terms, and the upcoming ones', async () => {
    const { ipoMaster, ipoUpiHandler } = await masters(demo1);
    expect(ipoMaster.map((m) => m.symbol).sort()).toEqual(['KONKANCHEM', 'NARMADAFIN', 'SAHYADRI']);
    const sahyadri = ipoMaster.find((m) => m.symbol === 'SAHYADRI')!;
    expect(sahyadri).toMatchObject({
      minPrice: '285.00',
      maxPrice: '300.00',
      cutOffPrice: '300.00',
      tickSize: '1.00',
      lotSize: 50,
      minBidQuantity: 50,
      issueSize: '1250.00',
      minimumInvestmentAmt: '14250.00',
      // 13 lots of 50 at 300 under the 2 lakh retail cap
      maximumInvestmentAmt: '195000.00',
      category: ['IND', 'EMP'],
      dailyStartTime: '10:00',
      dailyEndTime: '17:00',
      isBidPlaced: 'N',
    });
    expect(sahyadri.biddingStartDate).toBe(
      isoDate(today - 1)
        .split('-')
        .reverse()
        .join('-'),
    );
    expect(ipoUpiHandler).toContain('@okicici');
    const upcoming = await t.call<{ ipoList: UpcomingIpo[] }>('/IPO/GetIPO', { tab: 'upcoming' }, { cookie: demo1 });
    expect(upcoming.data.ipoList.map((u) => u.lname)).toEqual(['Deccan Logistics Ltd', 'Himalaya Agro Foods Ltd']);
    expect(upcoming.data.ipoList[0]).toMatchObject({ price: '412.00 - 433.00', minQty: 34, qtyMultiple: 34 });
  });

  it("lists the client's own demat with its linked bank, and validates only the client's own", async () => {
    expect(demats.DEMO1).toEqual({
      name: 'CDSL - 1208160000000001',
      value: '1208160000000001',
      clientName: 'Aarav Sharma',
      pan: 'ABCPS1234F',
      dpId: '12081600',
      type: 'CDSL',
      bank: 'HDFC Bank',
      linkedAcc: 'XXXXXXXX7801',
    });
    const check = (dematAcc: string) =>
      t.call<{ data: boolean }>('/IPO/ValidateDematAcc', { dematAcc }, { cookie: demo1 });
    expect((await check('1208160000000001')).data.data).toBe(true);
    expect((await check('1208160000000002')).data.data).toBe(false);
  });

  it('shows the seeded closed issue with its allotment in the order book', async () => {
    const orders = await book(demo1);
    const closed = orders.find((o) => o.symbol === 'VINDHYA')!;
    expect(closed).toMatchObject({ allotmentStatus: 'Alloted', allotmentQty: 67, category: 'IND' });
    expect(closed.bids).toEqual([
      expect.objectContaining({
        activityType: 'Ordered',
        atCutOff: true,
        quantity: 67,
        price: '221.00',
        amount: '14807.00',
      }),
    ]);
  });

  describe('refuses a bad bid with a clear answer and saves nothing', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['a cut-off bid without lots', { lot: 0 }, 'IPO002', 'Bid Lot must be greater than 50.'],
      [
        'multi-bid lots that differ',
        { atCutOff: false, multiBid: true, lot: 1, price: '290', lot2: 2, price2: '295', activityType2: 'new' },
        'IPO002',
        'Lot size must be same or zero.',
      ],
      ['a price below the band', { atCutOff: false, price: '280' }, 'IPO002', 'Price must be in range for Bid 1'],
      [
        'a price with no lots',
        { atCutOff: false, multiBid: true, lot: 1, price: '290', price2: '295' },
        'IPO002',
        'Please enter number of lots for Bid 2',
      ],
      [
        'a price off the tick',
        { atCutOff: false, price: '290.50' },
        'IPO002',
        'Bid 1 Price should be multiple of Tick Size which is ₹ 1.00',
      ],
      [
        'more than the retail cap',
        { lot: 14 },
        'IPO002',
        'Payable Amount must be in investment range which is ₹ (14,250.00 - 1,95,000.00)',
      ],
      ['no UPI id', { upi: ' ' }, 'IPO002', 'BHIM UPI ID is mandatory'],
      [
        'a UPI handle without IPO mandates',
        { upi: 'someone@nobank' },
        'IPO002',
        'The UPI id entered by you does not support IPO one time mandates. Request you to kindly enter valid UPI id from below handlers only: @okhdfcbank, @okicici, @oksbi, @okaxis, @ybl, @paytm, @ibl, @axl, @upi, @apl',
      ],
      ['a category the issue does not have', { category: 'POL' }, 'IPO002', 'Category POL is not open in SAHYADRI.'],
      ["a lot size that is not the issue's", { lotSize: 10 }, 'IPO002', 'Lot size of SAHYADRI is 50.'],
      ["another client's demat", { clientBenId: '1208160000000001' }, 'IPO005', 'Invalid Demat Account.'],
      ["another client's PAN", { pan: 'ABCPS1234F' }, 'IPO005', 'Invalid Demat Account.'],
      ['an unknown issue', { symbol: 'NOSUCHIPO' }, 'IPO001', 'IPO not found.'],
      [
        'an upcoming issue',
        { symbol: 'DECCANLOG', lotSize: 34 },
        'IPO003',
        'Your bid could not be placed because the market is closed for now. Please try between 10:00 and 17:00.',
      ],
      [
        'a closed issue',
        { symbol: 'VINDHYA', lotSize: 67 },
        'IPO003',
        'Your bid could not be placed because the market is closed for now. Please try between 10:00 and 17:00.',
      ],
      [
        'a modify of an application that does not exist',
        { applicationNumber: 'IPO9', activityType: 'modify' },
        'EGN005',
        'No record found.',
      ],
    ];
    it.each(cases)('%s', async (_name, change, code, message) => {
      const before = await clientState(t.db, 'DEMO2', IPO_TABLES);
      const answer = await add(demo2, bid('DEMO2', change));
      expect(answer.infoID, answer.infoMsg).toBe(code);
      expect(answer.infoMsg).toBe(message);
      expect(await clientState(t.db, 'DEMO2', IPO_TABLES)).toEqual(before);
    });
    it('an unknown field (EGN001)', async () => {
      const answer = await add(demo2, { ...bid('DEMO2'), clientId: 'DEMO1' });
      expect(answer.infoID).toBe('EGN001');
    });
  });

  let application = '';
  let firstRef = '';

  it('places a cut-off bid, shows it in the order book and marks the issue bid', async () => {
    const answer = await add(demo1, bid('DEMO1', { upi: 'Aarav.Sharma@okhdfcbank' }));
    expect(answer.infoID, answer.infoMsg).toBe('0');
    application = answer.data.applicationNumber;
    expect(application).toMatch(/^IPO\d{7}$/);
    expect(answer.data.bids).toHaveLength(1);
    firstRef = answer.data.bids[0]!.bidReferenceNumber;
    expect(firstRef).toMatch(new RegExp(`^${isoDate(today).replace(/-/g, '')}\\d{8}$`));
    const order = (await book(demo1)).find((o) => o.applicationNumber === application)!;
    expect(order).toMatchObject({
      symbol: 'SAHYADRI',
      clientName: 'Aarav Sharma',
      pan: 'ABCPS1234F',
      dpId: '12081600',
      depository: 'CDSL',
      clientBenId: '1208160000000001',
      upi: 'aarav.sharma@okhdfcbank',
      category: 'IND',
      allotmentStatus: '',
      discount: '0.00',
    });
    expect(order.bids).toEqual([
      {
        slot: 1,
        activityType: 'Ordered',
        atCutOff: true,
        quantity: 50,
        price: '300.00',
        amount: '15000.00',
        bidReferenceNumber: firstRef,
      },
    ]);
    expect((await masters(demo1)).ipoMaster.find((m) => m.symbol === 'SAHYADRI')!.isBidPlaced).toBe('Y');
    expect((await masters(demo2)).ipoMaster.find((m) => m.symbol === 'SAHYADRI')!.isBidPlaced).toBe('N');
    const { rows } = await t.db.query<{ event: string; detail: unknown }>(
      "SELECT event, detail FROM audit_log WHERE user_id = 'DEMO1' AND event LIKE 'ipo_%'",
    );
    expect(rows).toEqual([{ event: 'ipo_bid_placed', detail: { symbol: 'SAHYADRI', applicationNumber: application } }]);
  });

  it('takes one of two simultaneous first bids in an issue and refuses the other (IPO004)', async () => {
    const answers = await Promise.all([
      add(demo2, bid('DEMO2', { symbol: 'KONKANCHEM', lotSize: 200, atCutOff: false, price: '72' })),
      add(demo2, bid('DEMO2', { symbol: 'KONKANCHEM', lotSize: 200, atCutOff: false, price: '72' })),
    ]);
    expect(answers.map((a) => a.infoID).sort()).toEqual(['0', 'IPO004']);
    const { rows } = await t.db.query(
      "SELECT 1 FROM ipo_applications a JOIN clients c ON c.id = a.client_id WHERE c.user_id = 'DEMO2' AND a.issue_symbol = 'KONKANCHEM'",
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses a second new bid in the same issue (IPO004) and saves nothing', async () => {
    const before = await clientState(t.db, 'DEMO1', IPO_TABLES);
    const answer = await add(demo1, bid('DEMO1'));
    expect(answer.infoID).toBe('IPO004');
    expect(answer.infoMsg).toBe('You have already placed a bid in the selected IPO.');
    expect(await clientState(t.db, 'DEMO1', IPO_TABLES)).toEqual(before);
  });

  it("refuses another client's application and bids and changes nothing of theirs", async () => {
    const before = await clientState(t.db, 'DEMO1', IPO_TABLES);
    const modify = bid('DEMO2', {
      applicationNumber: application,
      activityType: 'modify',
      bidRefNum: firstRef,
      lot: 2,
    });
    expect((await add(demo2, modify)).infoID).toBe('EGN005');
    const cancel = bid('DEMO2', { applicationNumber: application, activityType: 'cancel', bidRefNum: firstRef });
    expect((await add(demo2, cancel)).infoID).toBe('EGN005');
    expect(await clientState(t.db, 'DEMO1', IPO_TABLES)).toEqual(before);
    expect((await book(demo2)).map((o) => o.applicationNumber)).not.toContain(application);
  });

  it('refuses a modify that names a bid reference the slot does not hold', async () => {
    const before = await clientState(t.db, 'DEMO1', IPO_TABLES);
    const answer = await add(
      demo1,
      bid('DEMO1', { applicationNumber: application, activityType: 'modify', bidRefNum: '1', lot: 2 }),
    );
    expect(answer.infoID).toBe('EGN005');
    const emptied = await add(
      demo1,
      bid('DEMO1', { applicationNumber: application, activityType: 'modify', bidRefNum: firstRef, lot: 0 }),
    );
    expect(emptied.infoMsg).toBe('Please enter valid lot for Bid 1');
    expect(await clientState(t.db, 'DEMO1', IPO_TABLES)).toEqual(before);
  });

  it('modifies the cut-off bid into a multi-bid: slot 1 modified, slot 2 new', async () => {
    const answer = await add(
      demo1,
      bid('DEMO1', {
        applicationNumber: application,
        atCutOff: false,
        multiBid: true,
        lot: 2,
        price: '295',
        lot2: 2,
        price2: '290',
        bidRefNum: firstRef,
        activityType: 'modify',
        activityType2: 'new',
      }),
    );
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect(answer.data.bids).toEqual([
      expect.objectContaining({
        activityType: 'Modified',
        atCutOff: false,
        quantity: 100,
        price: '295.00',
        amount: '29500.00',
        bidReferenceNumber: firstRef,
      }),
      expect.objectContaining({ activityType: 'Ordered', quantity: 100, price: '290.00', amount: '29000.00' }),
    ]);
  });

  it('refuses modify and cancel outside the daily hours with their own texts, and a new bid too', async () => {
    at(today, 20);
    const before = await clientState(t.db, 'DEMO1', IPO_TABLES);
    const orders = (await book(demo1)).find((o) => o.applicationNumber === application)!;
    const refs = orders.bids.map((b) => b.bidReferenceNumber);
    const modify = await add(
      demo1,
      bid('DEMO1', { applicationNumber: application, activityType: 'modify', bidRefNum: refs[0], lot: 3 }),
    );
    expect(modify.infoMsg).toBe(
      'Your bid could not be modified because the market is closed for now. Please try between 10:00 and 17:00.',
    );
    const cancel = await add(
      demo1,
      bid('DEMO1', {
        applicationNumber: application,
        activityType: 'cancel',
        activityType2: 'cancel',
        bidRefNum: refs[0],
        bidRefNum2: refs[1],
      }),
    );
    expect(cancel.infoID).toBe('IPO003');
    expect(cancel.infoMsg).toBe(
      'Your bid could not be cancelled because the market is closed for now. Please try between 10:00 and 17:00.',
    );
    const placed = await add(demo2, bid('DEMO2'));
    expect(placed.infoMsg).toBe(
      'Your bid could not be placed because the market is closed for now. Please try between 10:00 and 17:00.',
    );
    expect(await clientState(t.db, 'DEMO1', IPO_TABLES)).toEqual(before);
    at(today, 9, 59);
    expect((await add(demo2, bid('DEMO2'))).infoID).toBe('IPO003');
    at(today, 11);
  });

  it('switches the multi-bid back to Cut-Off: slot 1 modified, slot 2 cancelled', async () => {
    const refs = (await book(demo1))
      .find((o) => o.applicationNumber === application)!
      .bids.map((b) => b.bidReferenceNumber);
    const answer = await add(
      demo1,
      bid('DEMO1', {
        applicationNumber: application,
        lot: 1,
        activityType: 'modify',
        activityType2: 'cancel',
        bidRefNum: refs[0],
        bidRefNum2: refs[1],
      }),
    );
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect(answer.data.bids).toEqual([
      expect.objectContaining({ activityType: 'Modified', atCutOff: true, quantity: 50, price: '300.00' }),
      expect.objectContaining({ activityType: 'Cancelled', bidReferenceNumber: refs[1] }),
    ]);
    // A cancelled slot cannot be named again.
    const again = await add(
      demo1,
      bid('DEMO1', {
        applicationNumber: application,
        activityType: 'modify',
        activityType2: 'cancel',
        bidRefNum: refs[0],
        bidRefNum2: refs[1],
      }),
    );
    expect(again.infoID).toBe('EGN005');
  });

  it('cancels every bid: the application is Cancelled and the client may bid again', async () => {
    const refs = (await book(demo1))
      .find((o) => o.applicationNumber === application)!
      .bids.map((b) => b.bidReferenceNumber);
    const answer = await add(
      demo1,
      bid('DEMO1', { applicationNumber: application, activityType: 'cancel', bidRefNum: refs[0] }),
    );
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect(answer.data.bids.map((b) => b.activityType)).toEqual(['Cancelled', 'Cancelled']);
    expect((await masters(demo1)).ipoMaster.find((m) => m.symbol === 'SAHYADRI')!.isBidPlaced).toBe('N');
    const again = await add(demo1, bid('DEMO1', { category: 'EMP' }));
    expect(again.infoID, again.infoMsg).toBe('0');
    expect(again.data.applicationNumber).not.toBe(application);
  });

  it('takes the discount off the payable amount (NARMADAFIN, ₹ 5 a share)', async () => {
    // 1 lot of 131 at 108: total 14,148.00, payable 13,493.00, the minimum investment exactly
    const answer = await add(
      demo2,
      bid('DEMO2', {
        symbol: 'NARMADAFIN',
        lotSize: 131,
        atCutOff: false,
        price: '108',
        category: 'SHA',
        upi: 'priya@ybl',
      }),
    );
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect(answer.data.bids[0]).toMatchObject({ quantity: 131, price: '108.00', amount: '14148.00' });
  });

  it('answers each bid with its slot, and modifies and cancels a multi-bid whose Bid 1 is empty', async () => {
    // DEMO2 bids in slots 2 and 3 only of SAHYADRI (the multi-bid leaves Bid 1 blank)
    const slots2and3 = (price2: string, more: Record<string, unknown>) =>
      add(
        demo2,
        bid('DEMO2', {
          atCutOff: false,
          multiBid: true,
          lot: 0,
          price: '',
          lot2: 1,
          price2,
          lot3: 1,
          price3: '295',
          ...more,
        }),
      );
    const placed = await slots2and3('290', { activityType2: 'new', activityType3: 'new' });
    expect(placed.infoID, placed.infoMsg).toBe('0');
    expect(placed.data.bids.map((b) => [b.slot, b.price])).toEqual([
      [2, '290.00'],
      [3, '295.00'],
    ]);
    const number = placed.data.applicationNumber;
    const order = (await book(demo2)).find((o) => o.applicationNumber === number)!;
    expect(order.bids.map((b) => b.slot)).toEqual([2, 3]);
    const [ref2, ref3] = order.bids.map((b) => b.bidReferenceNumber);
    const placedBids = { applicationNumber: number, bidRefNum2: ref2, bidRefNum3: ref3 };

    const modified = await slots2and3('291', {
      ...placedBids,
      activityType: 'new',
      activityType2: 'modify',
      activityType3: 'modify',
    });
    expect(modified.infoID, modified.infoMsg).toBe('0');
    expect(modified.data.bids.map((b) => [b.slot, b.activityType, b.price])).toEqual([
      [2, 'Modified', '291.00'],
      [3, 'Modified', '295.00'],
    ]);

    // The cancel names no bid in slot 1 (its activity may not be blank) and each placed bid in its own slot.
    const cancelled = await slots2and3('291', {
      ...placedBids,
      activityType: 'cancel',
      activityType2: 'cancel',
      activityType3: 'cancel',
    });
    expect(cancelled.infoID, cancelled.infoMsg).toBe('0');
    expect(cancelled.data.bids.map((b) => [b.slot, b.activityType])).toEqual([
      [2, 'Cancelled'],
      [3, 'Cancelled'],
    ]);
    expect((await masters(demo2)).ipoMaster.find((m) => m.symbol === 'SAHYADRI')!.isBidPlaced).toBe('N');
  });

  it('checks the order-book dates', async () => {
    const call = (from: string, to: string) =>
      t.call('/IPO/OrderBook', { selectedFromDate: from, selectedToDate: to }, { cookie: demo1 });
    expect((await call(slash(today), slash(today + 1))).infoMsg).toBe("Exceeded Today's Date");
    expect((await call(slash(today), slash(today - 1))).infoMsg).toBe('From Date Should Be Less Than To Date');
    expect((await call('2026-01-01', slash(today))).infoID).toBe('EGN001');
    expect((await call('31/02/2026', slash(today))).infoID).toBe('EGN001');
  });

  it('refuses a client with none of the four trading segments (MKT002)', async () => {
    await t.db.query(
      `UPDATE clients SET equity_flag = 'N', bse_permission = 'N', fno_permission = 'N', cds_nse_permission = 'N',
         commodity_flag_mcx = 'N', commodity_flag_ncdex = 'N' WHERE user_id = 'DEMO2'`,
    );
    const answer = await add(demo2, bid('DEMO2', { symbol: 'KONKANCHEM', lotSize: 200, atCutOff: false, price: '72' }));
    expect(answer.infoID).toBe('MKT002');
    expect(answer.infoMsg).toBe(
      'You have not subscribed to trade in this segment. Please contact your RM or customer service.',
    );
    await t.db.query(`UPDATE clients SET equity_flag = 'Y', bse_permission = 'Y' WHERE user_id = 'DEMO2'`);
  });

  it('allots live applications after the issue closes (T+1) and refuses changes then', async () => {
    at(today + 3, 11);
    const orders = await book(demo1, slash(today - 5), slash(today + 3));
    const live = orders.find((o) => o.symbol === 'SAHYADRI' && o.bids.some((b) => b.activityType !== 'Cancelled'))!;
    expect(['Alloted', 'Not Alloted']).toContain(live.allotmentStatus);
    expect(live.allotmentQty).toBe(live.allotmentStatus === 'Alloted' ? 50 : 0);
    const cancelled = orders.find((o) => o.applicationNumber === application)!;
    expect(cancelled.allotmentStatus).toBe('');
    const answer = await add(
      demo1,
      bid('DEMO1', {
        applicationNumber: live.applicationNumber,
        activityType: 'cancel',
        bidRefNum: live.bids[0]!.bidReferenceNumber,
        category: 'EMP',
      }),
    );
    expect(answer.infoID).toBe('IPO003');
    at(today, 11);
  });
});
