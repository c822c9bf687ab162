import { addIsoDays, dashDate, displayDate, type IpoDemat, type IpoMaster, type IpoOrder } from '@kite/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../components/dialog/index.ts';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { renderScreen } from '../orders/testing/order-fixtures.tsx';
import { IpoPage } from './IpoPage.tsx';
import { istToday } from '../../components/inputs/date-format.ts';

/** dd-mm-yyyy of today (IST) shifted by `days`. */
const dashDay = (days: number): string => dashDate(addIsoDays(istToday(), days));

const sahyadri = (change: Partial<IpoMaster> = {}): IpoMaster => ({
  symbol: 'SAHYADRI',
  name: 'Sahyadri Renewables Ltd',
  type: 'Book Built',
  biddingStartDate: dashDay(-1),
  biddingEndDate: dashDay(1),
  dailyStartTime: '10:00',
  dailyEndTime: '17:00',
  issueSize: '1250.00',
  minPrice: '285.00',
  maxPrice: '300.00',
  cutOffPrice: '300.00',
  tickSize: '1.00',
  lotSize: 50,
  minBidQuantity: 50,
  minimumInvestmentAmt: '14250.00',
  maximumInvestmentAmt: '195000.00',
  discount: '0.00',
  category: ['IND', 'EMP'],
  isBidPlaced: 'N',
  ...change,
});

const demat: IpoDemat = {
  name: 'CDSL - 1208160000000001',
  value: '1208160000000001',
  clientName: 'Aarav Sharma',
  pan: 'ABCPS1234F',
  dpId: '12081600',
  type: 'CDSL',
  bank: 'HDFC Bank',
  linkedAcc: 'XXXXXXXX7801',
};

const order = (change: Partial<IpoOrder> = {}): IpoOrder => ({
  symbol: 'SAHYADRI',
  name: 'Sahyadri Renewables Ltd',
  clientName: 'Aarav Sharma',
  applicationNumber: 'IPO1000002',
  lotSize: 50,
  pan: 'ABCPS1234F',
  dpId: '12081600',
  upi: 'aarav@okicici',
  depository: 'CDSL',
  clientBenId: '1208160000000001',
  category: 'IND',
  type: 'Book Built',
  timestamp: '22-11-2026 11:05:00',
  allotmentStatus: '',
  allotmentQty: 0,
  biddingEndDate: dashDay(1),
  dailyStartTime: '10:00',
  dailyEndTime: '17:00',
  discount: '0.00',
  bids: [
    {
      slot: 1,
      activityType: 'Ordered',
      atCutOff: true,
      quantity: 50,
      price: '300.00',
      amount: '15000.00',
      bidReferenceNumber: '2026112220000001',
    },
  ],
  ...change,
});

type Handlers = Record<string, (data: Record<string, unknown>) => FakeAnswer>;
const serve = (masters: IpoMaster[], orders: IpoOrder[] = [], extra: Handlers = {}) =>
  fakeServer({
    '/IPO/GetIPOData': () => ({ data: { ipoList: { ipoMaster: masters, ipoUpiHandler: ['@okicici', '@ybl'] } } }),
    '/IPO/DPDetails': () => ({ data: { dematAccList: [demat] } }),
    '/IPO/ValidateDematAcc': () => ({ data: { data: true } }),
    '/IPO/AddIPO': () => ({ data: { applicationNumber: 'IPO1000009', bids: [] } }),
    '/IPO/OrderBook': () => ({ data: { data: orders } }),
    ...extra,
  });

/** The open message or confirm dialog, once it appears. */
const openDialogs = () => [...screen.queryAllByRole('alertdialog'), ...screen.queryAllByRole('dialog')];
function findDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = openDialogs()[0];
    if (!dialog) throw new Error('no dialog open');
    return dialog;
  });
}
async function dialogText(): Promise<string> {
  return (await findDialog()).textContent ?? '';
}
async function answerDialog(user: ReturnType<typeof userEvent.setup>, button: string) {
  const dialog = await findDialog();
  await user.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(dialog.isConnected).toBe(false));
}
async function setNumber(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value !== '') await user.type(input, value);
}

beforeEach(() => sessionStore.signIn(loginFixture({ equity_flag: 'Y', bse_permission: 'Y' })));
afterEach(() => {
  closeAllDialogs();
  vi.unstubAllGlobals();
  sessionStore.signOut();
});

describe('IPO screen (investing.md 2 "IPO")', () => {
  it('lists the ongoing IPOs with the client id, and details under a row', async () => {
    const user = userEvent.setup();
    serve([sahyadri()]);
    renderScreen('ipo', <IpoPage />);
    expect(screen.getByText('Client Id: DEMO1')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Ongoing', 'Order Book']);
    const row = (await screen.findByText('SAHYADRI')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain(`${displayDate(dashDay(-1))} 10:00`);
    expect(row.textContent).toContain(`${displayDate(dashDay(1))} 17:00`);
    await user.click(within(row).getByRole('button', { name: 'Show details of Sahyadri Renewables Ltd' }));
    const details = screen.getByText('Price Band').closest('dl') as HTMLElement;
    expect(details.textContent).toContain('₹ 1,250.00 Cr.');
    expect(details.textContent).toContain('₹ 285.00 - ₹ 300.00');
    expect(details.textContent).toContain('₹ 1,95,000.00');
    await user.click(screen.getByRole('button', { name: 'IPO help' }));
    expect(await dialogText()).toContain(
      'contact your branch or customer care, 09:00 to 18:00 Monday to Friday except trading holidays.',
    );
  });

  it.each([
    [
      'a bid already placed',
      () => sahyadri({ isBidPlaced: 'Y' }),
      { equity_flag: 'Y' },
      'You have already placed a bid in the selected IPO.',
    ],
    [
      'bidding over',
      () => sahyadri({ biddingStartDate: dashDay(-5), biddingEndDate: dashDay(-3) }),
      { fno_permission: 'Y' },
      'Your bid could not be placed because the market is closed for now. Please try between 10:00 and 17:00.',
    ],
    [
      'no trading segment',
      () => sahyadri(),
      { equity_flag: 'N', bse_permission: 'N' },
      'You have not subscribed to trade in this segment. Please contact your RM or customer service.',
    ],
  ] as const)('refuses BID with %s', async (_name, master, details, message) => {
    sessionStore.signIn(loginFixture(details));
    const user = userEvent.setup();
    serve([master()]);
    renderScreen('ipo', <IpoPage />);
    await user.click(await screen.findByRole('button', { name: 'BID SAHYADRI' }));
    expect(await dialogText()).toContain(message);
    await answerDialog(user, 'OK');
    expect(screen.queryByText('IPO - Place Order')).toBeNull();
  });

  it('places a cut-off bid: step 1 figures and checks, step 2 UPI checks, the request, then the Order Book', async () => {
    const user = userEvent.setup();
    const server = serve([sahyadri({ discount: '2.50' })]);
    renderScreen('ipo', <IpoPage />);
    await user.click(await screen.findByRole('button', { name: 'BID SAHYADRI' }));
    expect(screen.getByRole('heading', { name: 'IPO - Place Order' })).toBeTruthy();
    expect(screen.getByLabelText('Category')).toBeTruthy();
    await setNumber(user, 'Bid 1 Lots', '2');
    const figures = () => screen.getByText('Payable Amount').closest('dl')?.textContent ?? '';
    // 2 lots x 50 x 300 = 30,000; discount 2 x 50 x 2.50 = 250; payable 29,750
    await waitFor(() => expect(figures()).toContain('₹ 29,750.00'));
    expect(figures()).toContain('₹ 30,000.00');
    expect(figures()).toContain('₹ 250.00');
    expect(screen.getByText('CDSL - 1208160000000001')).toBeTruthy();

    await setNumber(user, 'Bid 1 Lots', '0');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(await dialogText()).toContain('Bid Lot must be greater than 50.');
    await answerDialog(user, 'OK');
    await setNumber(user, 'Bid 1 Lots', '14');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(await dialogText()).toContain(
      'Payable Amount must be in investment range which is ₹ (14,250.00 - 1,95,000.00)',
    );
    await answerDialog(user, 'OK');
    await setNumber(user, 'Bid 1 Lots', '1');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));

    // Step 2
    expect(await screen.findByText('HDFC Bank XXXXXXXX7801')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/IPO/ValidateDematAcc')?.data).toMatchObject({
      dematAcc: '1208160000000001',
    });
    expect(screen.getByRole('button', { name: 'How to find your UPI ID?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Step to create UPI ID?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(await dialogText()).toContain('BHIM UPI ID is mandatory');
    await answerDialog(user, 'OK');
    await user.type(screen.getByLabelText('UPI ID'), 'aarav@paytm');
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(await dialogText()).toContain(
      'The UPI id entered by you does not support IPO one time mandates. Request you to kindly enter valid UPI id from below handlers only: @okicici, @ybl',
    );
    await answerDialog(user, 'OK');
    await user.clear(screen.getByLabelText('UPI ID'));
    await user.type(screen.getByLabelText('UPI ID'), 'aarav@okicici');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    const text = await dialogText();
    expect(text).toContain('Your Bid request has been received');
    expect(text).toContain(
      'Go to BHIM app or your mobile banking app to approve the UPI request for blocking of the funds. The IPO bid will only be processed after approval.',
    );
    expect(server.calls.find((c) => c.path === '/IPO/AddIPO')?.data).toEqual({
      symbol: 'SAHYADRI',
      clientName: 'Aarav Sharma',
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
      pan: 'ABCPS1234F',
      dpId: '12081600',
      upi: 'aarav@okicici',
      bidRefNum: '',
      bidRefNum2: '',
      bidRefNum3: '',
      depository: 'CDSL',
      clientBenId: '1208160000000001',
      activityType: 'new',
      activityType2: '',
      activityType3: '',
      category: 'IND',
    });
    await answerDialog(user, 'OK');
    expect(screen.getByRole('tab', { name: 'Order Book' }).getAttribute('aria-selected')).toBe('true');
  });

  it('checks multi-bid lots and prices and resets a price out of the band', async () => {
    const user = userEvent.setup();
    serve([sahyadri()]);
    renderScreen('ipo', <IpoPage />);
    await user.click(await screen.findByRole('button', { name: 'BID SAHYADRI' }));
    await user.click(screen.getByRole('radio', { name: 'Multi-Bid' }));
    await setNumber(user, 'Bid 2 Lots', '2');
    await setNumber(user, 'Bid 2 Price (₹)', '290');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(await dialogText()).toContain('Lot size must be same or zero.');
    await answerDialog(user, 'OK');
    await setNumber(user, 'Bid 2 Lots', '1');
    await setNumber(user, 'Bid 2 Price (₹)', '310');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(await dialogText()).toContain('Price must be in range for Bid 2');
    await answerDialog(user, 'OK');
    expect((screen.getByLabelText('Bid 2 Price (₹)') as HTMLInputElement).value).toBe('0.00');
  });

  it('shows the server refusal of a demat and of a bid in an Error dialog', async () => {
    const user = userEvent.setup();
    serve([sahyadri()], [], { '/IPO/ValidateDematAcc': () => ({ data: { data: false } }) });
    renderScreen('ipo', <IpoPage />);
    await user.click(await screen.findByRole('button', { name: 'BID SAHYADRI' }));
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('Error');
    expect(dialog.textContent).toContain('Invalid Demat Account.');
  });

  it("substitutes 'Request Failed' on a failed submission", async () => {
    const user = userEvent.setup();
    serve([sahyadri()], [], { '/IPO/AddIPO': () => ({ infoID: 'EGN002', infoMsg: 'Request Failed' }) });
    renderScreen('ipo', <IpoPage />);
    await user.click(await screen.findByRole('button', { name: 'BID SAHYADRI' }));
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    await user.type(await screen.findByLabelText('UPI ID'), 'aa@ybl');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(await dialogText()).toContain('Request failed, Please try again.');
  });
});

describe('IPO Order Book', () => {
  it('shows status, quantity and allotment, and asks before a modification with no change', async () => {
    const user = userEvent.setup();
    const closed = order({
      symbol: 'VINDHYA',
      name: 'Vindhya Cables Ltd',
      applicationNumber: 'IPO1000001',
      allotmentStatus: 'Alloted',
      allotmentQty: 67,
      lotSize: 67,
      bids: [
        {
          slot: 1,
          activityType: 'Ordered',
          atCutOff: true,
          quantity: 67,
          price: '221.00',
          amount: '14807.00',
          bidReferenceNumber: '1',
        },
      ],
    });
    const server = serve([sahyadri({ isBidPlaced: 'Y' })], [order(), closed]);
    renderScreen('ipo', <IpoPage />);
    await user.click(screen.getByRole('tab', { name: 'Order Book' }));
    const row = (await screen.findByText('Sahyadri Renewables Ltd')).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1),
    ).toEqual(['Sahyadri Renewables LtdIPO1000002', '50 / 1', 'Ordered']);
    const allotted = screen.getByText('Alloted');
    expect(allotted.className).toMatch(/up/);
    expect(server.calls.find((c) => c.path === '/IPO/OrderBook')?.data).toMatchObject({
      selectedFromDate: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
    });

    await user.click(within(row).getByRole('button', { name: 'Show details of Sahyadri Renewables Ltd' }));
    await user.click(screen.getByRole('button', { name: 'MODIFY BID' }));
    expect(screen.getByRole('heading', { name: 'IPO - Place Order' })).toBeTruthy();
    expect((screen.getByLabelText('Bid 1 Lots') as HTMLInputElement).value).toBe('1');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(await dialogText()).toContain(
      "You haven't made any changes in the Bid. Selecting OK will take you back to your order book. Do you wish to continue?",
    );
    await answerDialog(user, 'OK');
    expect(screen.getByRole('tab', { name: 'Order Book' }).getAttribute('aria-selected')).toBe('true');
    expect(server.paths()).not.toContain('/IPO/AddIPO');
  });

  it('modifies a cut-off bid into a multi-bid with modify and new slots', async () => {
    const user = userEvent.setup();
    const server = serve([sahyadri({ isBidPlaced: 'Y' })], [order()]);
    renderScreen('ipo', <IpoPage />);
    await user.click(screen.getByRole('tab', { name: 'Order Book' }));
    await user.click(await screen.findByRole('button', { name: 'Show details of Sahyadri Renewables Ltd' }));
    await user.click(screen.getByRole('button', { name: 'MODIFY BID' }));
    await user.click(screen.getByRole('radio', { name: 'Multi-Bid' }));
    await setNumber(user, 'Bid 1 Price (₹)', '295');
    await setNumber(user, 'Bid 2 Lots', '1');
    await setNumber(user, 'Bid 2 Price (₹)', '290');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect((screen.getByLabelText('UPI ID') as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    await answerDialog(user, 'OK');
    expect(server.calls.find((c) => c.path === '/IPO/AddIPO')?.data).toMatchObject({
      applicationNumber: 'IPO1000002',
      atCutOff: false,
      multiBid: true,
      lot: 1,
      price: '295.00',
      lot2: 1,
      price2: '290.00',
      price3: '',
      bidRefNum: '2026112220000001',
      bidRefNum2: '',
      activityType: 'modify',
      activityType2: 'new',
      activityType3: '',
      upi: 'aarav@okicici',
    });
  });

  it('cancels after the confirm question and says so', async () => {
    const user = userEvent.setup();
    const server = serve([sahyadri({ isBidPlaced: 'Y' })], [order()]);
    renderScreen('ipo', <IpoPage />);
    await user.click(screen.getByRole('tab', { name: 'Order Book' }));
    await user.click(await screen.findByRole('button', { name: 'Show details of Sahyadri Renewables Ltd' }));
    await user.click(screen.getByRole('button', { name: 'CANCEL BID' }));
    expect(await dialogText()).toContain('Review & Confirm – Do you want to cancel the Bid?');
    await answerDialog(user, 'YES');
    const done = await findDialog();
    expect(done.textContent).toContain('Success');
    expect(done.textContent).toContain('Bid cancelled successfully.');
    expect(server.calls.find((c) => c.path === '/IPO/AddIPO')?.data).toMatchObject({
      applicationNumber: 'IPO1000002',
      activityType: 'cancel',
      activityType2: '',
      bidRefNum: '2026112220000001',
      lot: 1,
    });
  });

  it("substitutes the generic 'Request Failed' of the order book", async () => {
    const user = userEvent.setup();
    serve([], [], { '/IPO/OrderBook': () => ({ infoID: 'EGN002', infoMsg: 'Request Failed' }) });
    renderScreen('ipo', <IpoPage />);
    await user.click(screen.getByRole('tab', { name: 'Order Book' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Request failed, Please try again.');
  });
});
