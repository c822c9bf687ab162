import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { DialogHost, closeAllDialogs } from '../../components/dialog/index.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { session, storageKeys } from '../../lib/storage/storage.ts';
import { streamClient } from '../../lib/stream/stream.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { niftyFuture, niftySpread, reliance } from '../search/testing/search-fixtures.ts';
import { orderRow } from '../orders/testing/order-fixtures.tsx';
import { orderDialogState } from './dialog-state.ts';
import { openOrderEntry } from './open-order-entry.tsx';
import type { OrderEntryOptions } from './order-entry-options.ts';

const SEGMENT_TEXT = 'You have not subscribed to trade in this segment. Please contact your RM or customer service.';
const relianceScrip: ScripRef = {
  sym: reliance.sym,
  displaySym: 'RELIANCE',
  companyName: 'Reliance Industries Ltd',
  streamSym: 'RELIANCE-EQ',
  tradable: true,
};
const niftyScrip: ScripRef = {
  sym: niftyFuture.sym,
  displaySym: niftyFuture.displaySym,
  companyName: 'NIFTY 50',
  streamSym: 'NIFTY26NOVFUT',
  tradable: true,
};

function quoteOf(scrip: ScripRef, patch: Record<string, unknown> = {}) {
  const fut = scrip.sym.exc === 'NFO';
  return {
    quote: {
      sym: scrip.sym,
      displaySym: scrip.displaySym,
      companyName: scrip.companyName,
      ltp: fut ? '26010.50' : '1518.90',
      chng: '-12.40',
      chngPer: '-0.81',
      dpr: fut ? '23400.00 - 28600.00' : '1367.05 - 1670.75',
      openPrice: '1525.00',
      highPrice: '1530.00',
      lowPrice: '1510.00',
      closePrice: '1531.30',
      lot: fut ? 65 : 1,
      tickSize: fut ? '0.10' : '0.05',
      lotQualifier: 1,
      priceQualifier: 1,
      bidQty: 10,
      bidPrice: '1518.85',
      askQty: 12,
      askPrice: '1518.95',
      streamSym: scrip.streamSym,
      totBuyQty: 1000,
      totSellQty: 900,
      vol: 12345,
      avgTradedPrice: '1519.00',
      yearHigh: '1600.00',
      yearLow: '1200.00',
      openInterest: null,
      lUpdatedTime: '21/11/2026 10:00:00',
      survId: null,
      survMsg: null,
      ...patch,
    },
    bids: [{ price: '1518.85', qty: 10, orders: 2 }],
    asks: [{ price: '1518.95', qty: 12, orders: 3 }],
  };
}

const holdingsAnswer = (confNonPoaQty = 0) => ({
  holdings: { prdType: 'CASH', dp: 20, prevSettle: 0, net: 20, cash: { dp: 20, confNonPoaQty, nonPoaQty: 20 } },
  positions: [],
  margin: {
    totMarginAvail: '100000.00',
    cash: '100000.00',
    stock: '0.00',
    totalMarginAvail: '0.00',
    ledgerBalance: '0.00',
  },
});

const chargesAnswer = {
  charges: {
    brokerage: '20.00',
    stt: '2.00',
    sttPercent: '0.1',
    gstOnBrokerage: '3.60',
    gstPercent: '18',
    transactionCharge: '0.05',
    transactionChargePercent: '0.00307',
    sebiFee: '0.00',
    sebiFeePercent: '0.0001',
    stampDuty: '0.23',
    stampDutyPercent: '0.015',
    total: '25.88',
  },
};

function server(
  overrides: Record<string, (data: Record<string, unknown>) => FakeAnswer> = {},
  quotePatch: Record<string, unknown> = {},
) {
  return fakeServer({
    '/Market/GetQuote': (data) => ({
      data: quoteOf((data.sym as { exc: string }).exc === 'NFO' ? niftyScrip : relianceScrip, quotePatch),
    }),
    '/Account/HoldingsBySymbol': () => ({ data: holdingsAnswer() }),
    '/Account/HoldingsSummaryBySymbol': () => ({ data: { holding: null } }),
    '/Trade/Charges': () => ({ data: chargesAnswer }),
    '/Trade/AddOrder': () => ({ data: { msg: 'Order placed', orderId: '2611210000001' } }),
    '/Trade/ModifyOrder': () => ({ data: { msg: 'Order modified', orderId: '2611210000001' } }),
    ...overrides,
  });
}

async function open(
  options: OrderEntryOptions,
  details: Parameters<typeof loginFixture>[0] = { equity_flag: 'Y', fno_permission: 'Y' },
) {
  sessionStore.signIn(loginFixture(details));
  render(<DialogHost />);
  const user = userEvent.setup();
  act(() => {
    void openOrderEntry(options);
  });
  const dialog = await screen.findByRole('dialog', { name: /ORDER/ });
  return { user, dialog };
}

async function quoteLoaded(dialog: HTMLElement, ltp = '1,518.90') {
  await within(dialog).findByText(ltp, { selector: '[aria-label="Last traded price"]' });
  // The quote's defaults (quantity, price) land in the effect after that render.
  await act(async () => undefined);
}

async function setField(user: UserEvent, dialog: HTMLElement, label: string, value: string) {
  const input = within(dialog).getByLabelText(label, { selector: 'input' });
  await user.clear(input);
  if (value) await user.type(input, value);
}

async function placeOrderError(user: UserEvent, dialog: HTMLElement): Promise<string | null> {
  await user.click(within(dialog).getByRole('button', { name: 'CONFIRM ORDER' }));
  const error = await screen.findByRole('alertdialog', { name: 'Place Order' });
  const text = within(error).getByText(/./, { selector: 'p' }).textContent;
  await user.click(within(error).getByRole('button', { name: 'OK' }));
  return text;
}

describe('order dialog pages (trading.md 2.2, 4.1)', () => {
  beforeEach(() => session.remove(storageKeys.nonPoaDemats));
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
    sessionStore.signOut();
  });

  it('goes input -> confirmation (with charges) -> back -> submit -> SUCCESS with the order id', async () => {
    const calls = server();
    const { user, dialog } = await open({ side: 'BUY', scrip: relianceScrip });
    expect(within(dialog).getByRole('heading', { name: 'ORDER ENTRY - BUY ORDER' })).toBeTruthy();
    await quoteLoaded(dialog);
    await vi.waitFor(() =>
      expect((within(dialog).getByLabelText('Quantity', { selector: 'input' }) as HTMLInputElement).value).toBe('1'),
    );
    expect((within(dialog).getByLabelText('Price', { selector: 'input' }) as HTMLInputElement).value).toBe('1518.90');
    expect(within(dialog).getByLabelText('Required Margin').textContent).toBe('0.00');
    expect(calls.paths()).toContain('/Account/HoldingsBySymbol');

    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM ORDER' }));
    const confirm = await screen.findByRole('dialog', { name: 'CONFIRM BUY ORDER' });
    await user.click(within(confirm).getByText('Charges'));
    expect(await within(confirm).findByText('₹ 25.88')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'CANCEL' }));
    const back = await screen.findByRole('dialog', { name: 'ORDER ENTRY - BUY ORDER' });
    await user.click(within(back).getByRole('button', { name: 'CONFIRM ORDER' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'CONFIRM BUY ORDER' })).getByRole('button', {
        name: 'SUBMIT ORDER',
      }),
    );

    const result = await screen.findByRole('dialog', { name: 'SUCCESS' });
    expect(within(result).getByText('RELIANCE - NSE')).toBeTruthy();
    expect(
      within(result).getByText('Your order has been accepted. Please check current status in order book!'),
    ).toBeTruthy();
    expect(within(result).getByTestId('order-id').textContent).toBe('2611210000001');
    const sent = calls.calls.find((c) => c.path === '/Trade/AddOrder')?.data;
    expect(sent).toMatchObject({
      ordAction: 'buy',
      ordType: 'limit',
      qty: '1',
      limitPrice: '1518.90',
      prdType: 'CASH',
      ordDuration: 'DAY',
      isinDp: 'true',
    });
    const init = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/Trade/AddOrder'))?.[1];
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(within(result).getByRole('button', { name: 'OKAY' }));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/home/myorders'));
    expect((window.history.state as { usr: { tab: string } }).usr.tab).toBe('equity');
    expect(orderDialogState.isOpen()).toBe(false);
  });

  it('asks about surveillance only when the quote carries a survId; a failure offers RETRY back to input', async () => {
    let attempt = 0;
    server(
      {
        '/Trade/AddOrder': () =>
          ++attempt === 1 ? { infoID: 'TRD001', infoMsg: 'Insufficient funds' } : { data: { msg: 'ok', orderId: '9' } },
      },
      { survId: 'ASM', survMsg: 'ASM stage 1' },
    );
    const { user, dialog } = await open({ side: 'SELL', scrip: relianceScrip });
    await quoteLoaded(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM ORDER' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'CONFIRM SELL ORDER' })).getByRole('button', {
        name: 'SUBMIT ORDER',
      }),
    );
    const surv = await screen.findByRole('dialog', { name: 'ORDER ENTRY - SELL ORDER' });
    expect(within(surv).getByText('Security is under Surveillance Measure, would you like to continue?')).toBeTruthy();
    await user.click(within(surv).getByRole('button', { name: 'NO' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'CONFIRM SELL ORDER' })).getByRole('button', {
        name: 'SUBMIT ORDER',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'ORDER ENTRY - SELL ORDER' })).getByRole('button', {
        name: 'YES',
      }),
    );
    const failed = await screen.findByRole('dialog', { name: 'FAILED' });
    expect(within(failed).getByText('Please try again!')).toBeTruthy();
    expect(within(failed).getByText('Insufficient funds')).toBeTruthy();
    await user.click(within(failed).getByRole('button', { name: 'RETRY' }));
    expect(await screen.findByRole('dialog', { name: 'ORDER ENTRY - SELL ORDER' })).toBeTruthy();
  });

  it('a quote error resets the last price to 0.00 and shows the message in the form', async () => {
    server({ '/Market/GetQuote': () => ({ infoID: 'MKT002', infoMsg: 'Quote not available' }) });
    const { dialog } = await open({ side: 'BUY', scrip: relianceScrip });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Quote not available');
    expect(within(dialog).getByLabelText('Last traded price').textContent).toBe('0.00');
  });

  it('modify shows MODIFY ORDER without the search, locks side and product, and answers the modified headline', async () => {
    const calls = server();
    const order = orderRow({
      orderId: '2611210000007',
      exchOrderId: '',
      sym: relianceScrip.sym,
      displaySym: 'RELIANCE',
      prdType: 'INTRADAY',
      limitPrice: '1500.00',
      qty: 4,
      remQty: 4,
    });
    const { user, dialog } = await open({ side: 'BUY', scrip: relianceScrip, entryType: 'MODIFY', order });
    expect(within(dialog).getByRole('heading', { name: 'MODIFY ORDER' })).toBeTruthy();
    expect(within(dialog).queryByRole('searchbox')).toBeNull();
    await quoteLoaded(dialog);
    expect((within(dialog).getByLabelText('Quantity', { selector: 'input' }) as HTMLInputElement).value).toBe('4');
    expect((within(dialog).getByRole('button', { name: 'SELL' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('tab', { name: 'Normal Delivery' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('radio', { name: 'Cover' }) as HTMLInputElement).disabled).toBe(true);
    await setField(user, dialog, 'Price', '1505');
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM ORDER' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'CONFIRM MODIFY BUY ORDER' })).getByRole('button', {
        name: 'SUBMIT ORDER',
      }),
    );
    const result = await screen.findByRole('dialog', { name: 'SUCCESS' });
    expect(
      within(result).getByText('Your order has been modified. Please check current status in order book!'),
    ).toBeTruthy();
    expect(calls.calls.find((c) => c.path === '/Trade/ModifyOrder')?.data).toMatchObject({
      orderId: '2611210000007',
      limitPrice: '1505',
      prdType: 'INTRADAY',
      qty: '4',
    });
  });

  it('F6 (toggleMarketDepth) hides and shows the market depth while the dialog is open', async () => {
    server();
    const { dialog } = await open({ side: 'BUY', scrip: relianceScrip });
    await quoteLoaded(dialog);
    expect(within(dialog).getByRole('table', { name: 'Market depth' })).toBeTruthy();
    act(() => orderDialogState.toggleDepth());
    expect(within(dialog).queryByRole('table', { name: 'Market depth' })).toBeNull();
    act(() => orderDialogState.toggleDepth());
    expect(within(dialog).getByRole('table', { name: 'Market depth' })).toBeTruthy();
  });
});

describe('validation in the Place Order dialog (trading.md 5.1)', () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
    sessionStore.signOut();
  });

  it('shows each rule message for crafted bad equity orders and sends nothing', async () => {
    const calls = server();
    const { user, dialog } = await open({ side: 'BUY', scrip: relianceScrip });
    await quoteLoaded(dialog);
    await setField(user, dialog, 'Quantity', '');
    expect(await placeOrderError(user, dialog)).toBe('Please enter valid Quantity');
    await setField(user, dialog, 'Quantity', '2');
    await setField(user, dialog, 'Price', '1518.93');
    expect(await placeOrderError(user, dialog)).toBe('Price should be multiple of Tick Size which is ₹ 0.05');
    await setField(user, dialog, 'Price', '1518.90');
    await setField(user, dialog, 'Trigger Price SL', '1519');
    expect(await placeOrderError(user, dialog)).toBe(
      "'STOP LOSS PRICE' cannot be greater than 'PRICE' for Stop Loss Buy order",
    );
    await setField(user, dialog, 'Trigger Price SL', '1518.90');
    expect(await placeOrderError(user, dialog)).toBe('Stoploss should not be equal to limit price');
    await setField(user, dialog, 'Trigger Price SL', '0');
    await setField(user, dialog, 'Quantity', '100');
    await setField(user, dialog, 'Disclosed QTY', '5');
    expect(await placeOrderError(user, dialog)).toBe('Disclosed QTY should not be less than 10% of the Order QTY');
    await setField(user, dialog, 'Disclosed QTY', '0');
    await setField(user, dialog, 'Price', '1700');
    expect(await placeOrderError(user, dialog)).toBe('Please enter valid price');
    expect(calls.paths()).not.toContain('/Trade/AddOrder');
  });

  it('checks the lot multiple for futures', async () => {
    server();
    const { user, dialog } = await open({ side: 'BUY', scrip: niftyScrip });
    await quoteLoaded(dialog, '26,010.50');
    await setField(user, dialog, 'Quantity', '10');
    expect(await placeOrderError(user, dialog)).toBe('Quantity should be multiple of 65');
  });

  it('refuses a segment the client has not subscribed to with the spec text', async () => {
    server();
    const { user, dialog } = await open({ side: 'BUY', scrip: niftyScrip }, { equity_flag: 'Y' });
    await quoteLoaded(dialog, '26,010.50');
    expect(await placeOrderError(user, dialog)).toBe(SEGMENT_TEXT);
  });

  it('with no scrip chosen answers Unable to proceed', async () => {
    server();
    const { user, dialog } = await open({ side: 'BUY', scrip: null });
    expect(await placeOrderError(user, dialog)).toBe('Unable to proceed');
  });
});

describe('e-DIS in the order dialog (trading.md 4.2, 8)', () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
    sessionStore.signOut();
    session.remove(storageKeys.nonPoaDemats);
  });

  const store = (dpApiStatus: 'Y' | 'N') =>
    session.set(
      storageKeys.nonPoaDemats,
      JSON.stringify({
        nonPoaFlag: true,
        clientId: 'DEMO2',
        nonPoaAppKey: 'key-1',
        demats: [{ dpType: 'CDSL', dpID: '12081600', dpAccount: '1208160000000002', dpApiStatus }],
      }),
    );

  it('an in-DP sell without POA and no approval shows SUBMIT E-DIS; a service that is down answers Api Status', async () => {
    store('N');
    server();
    const { user, dialog } = await open({ side: 'SELL', scrip: relianceScrip });
    await quoteLoaded(dialog);
    expect(within(dialog).getByRole('radio', { name: 'IN DP w/o POA' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'CONFIRM ORDER' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'generate new TPIN' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'SUBMIT E-DIS' }));
    const status = await screen.findByRole('alertdialog', { name: 'Api Status' });
    expect(within(status).getByText('CDSL-EDIS Service currently not avaliable')).toBeTruthy();
  });

  it('choosing NOT IN DP re-fetches the quote and brings back CONFIRM ORDER', async () => {
    store('Y');
    const calls = server();
    const { user, dialog } = await open({ side: 'SELL', scrip: relianceScrip });
    await quoteLoaded(dialog);
    const quotes = () => calls.paths().filter((p) => p === '/Market/GetQuote').length;
    expect(quotes()).toBe(1);
    await user.click(within(dialog).getByRole('radio', { name: 'NOT IN DP' }));
    await vi.waitFor(() => expect(quotes()).toBe(2));
    expect(within(dialog).getByRole('button', { name: 'CONFIRM ORDER' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'SUBMIT E-DIS' })).toBeNull();
  });

  it('submits /Edis/Submit and opens the depository page it returns', async () => {
    store('Y');
    const calls = server({
      '/Edis/Submit': () => ({ data: { Flag: 'S', Message: 'ok', depositoryUrl: '/dev/depository/cdsl?req=1' } }),
    });
    const opened = vi.fn(() => ({}) as Window);
    vi.stubGlobal('open', opened);
    const { user, dialog } = await open({ side: 'SELL', scrip: relianceScrip });
    await quoteLoaded(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'SUBMIT E-DIS' }));
    await vi.waitFor(() => expect(opened).toHaveBeenCalledWith('/dev/depository/cdsl?req=1', '_blank'));
    expect(calls.calls.find((c) => c.path === '/Edis/Submit')?.data).toMatchObject({
      dpId: '12081600',
      clientId: 'DEMO2',
      symbolId: '2885',
      exchangeId: 'NSE',
      source: 'W',
      reqType: 'DEFAULT_REQ',
      quantity: '1',
    });
  });

  it('after SUBMIT E-DIS, coming back to the window re-reads the holdings: the approval brings CONFIRM ORDER', async () => {
    store('Y');
    let approved = 0;
    const calls = server({
      '/Edis/Submit': () => ({ data: { Flag: 'S', Message: 'ok', depositoryUrl: '/dev/depository/cdsl?req=1' } }),
      '/Account/HoldingsBySymbol': () => ({ data: holdingsAnswer(approved) }),
    });
    vi.stubGlobal(
      'open',
      vi.fn(() => ({}) as Window),
    );
    const { user, dialog } = await open({ side: 'SELL', scrip: relianceScrip });
    await quoteLoaded(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'SUBMIT E-DIS' }));
    await vi.waitFor(() => expect(calls.paths()).toContain('/Edis/Submit'));
    // The depository approves in its own tab; the client returns to this one.
    approved = 1;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await within(dialog).findByRole('button', { name: 'CONFIRM ORDER' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'SUBMIT E-DIS' })).toBeNull();
    expect(calls.paths().filter((p) => p === '/Account/HoldingsBySymbol').length).toBe(2);
  });
});

describe("the dialog's calls and the live stream (trading.md 4.1, 4.5, 8)", () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStore.signOut();
  });

  it('pauses background ticks while open (its own screen keeps ticking) and resumes on close', async () => {
    server();
    const paused = vi.spyOn(streamClient, 'pause');
    const resumed = vi.spyOn(streamClient, 'resume');
    const { user, dialog } = await open({ side: 'BUY', scrip: relianceScrip });
    expect(paused).toHaveBeenCalledWith('order-dialog');
    expect(resumed).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await vi.waitFor(() => expect(resumed).toHaveBeenCalledTimes(1));
    expect(orderDialogState.isOpen()).toBe(false);
  });

  it('Cover fetches the trigger range; an error there falls back silently to the daily range', async () => {
    const calls = server({
      '/Trade/GetLtpCoverTriggerPriceRange': () => ({ infoID: 'TRD009', infoMsg: 'range down' }),
      '/App/Config': () => ({
        data: {
          appVersion: '3.0.0',
          environment: 'test',
          encryption: false,
          sessionIdleMs: 1000,
          sqrOffTimeLimit: 15,
          newPnlForAll: false,
          customerCare: { phones: [], email: '' },
          ipoHelpHours: '',
        },
      }),
    });
    const { user, dialog } = await open({ side: 'BUY', scrip: relianceScrip }, { equity_flag: 'Y' });
    await quoteLoaded(dialog);
    await user.click(within(dialog).getByRole('tab', { name: 'Intraday' }));
    expect(
      await within(dialog).findByText(
        'Intraday positions are squared off automatically 15 minutes before the market closes.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Cover' }));
    await vi.waitFor(() => expect(calls.paths()).toContain('/Trade/GetLtpCoverTriggerPriceRange'));
    expect((within(dialog).getByLabelText('Disclosed QTY', { selector: 'input' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    await setField(user, dialog, 'StopLoss Price', '1300');
    // Below the daily range 1367.05 - 1670.75 (the fallback) and below the price: the range message of rule 11.
    expect(await placeOrderError(user, dialog)).toBe('Trigger Price Should not be lesser than Price Range');
    await setField(user, dialog, 'StopLoss Price', '1500');
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM ORDER' }));
    await screen.findByRole('dialog', { name: 'CONFIRM BUY ORDER' });
    expect(calls.calls.filter((c) => c.path === '/Trade/Charges').at(-1)?.data).toMatchObject({ product: 'INTRADAY' });
  });

  it('a margin-trading buy fetches the required margin; other products keep 0.00', async () => {
    const calls = server({
      '/Trade/CheckMargin': () => ({ data: { requiredMargin: '379.73', availableMargin: '100000.00' } }),
    });
    const { user, dialog } = await open(
      { side: 'BUY', scrip: relianceScrip },
      { equity_flag: 'Y', mta_nse_permission: 'Y' },
    );
    await quoteLoaded(dialog);
    expect(within(dialog).getByLabelText('Required Margin').textContent).toBe('0.00');
    await user.click(within(dialog).getByRole('tab', { name: 'Margin Trading' }));
    await vi.waitFor(() => expect(within(dialog).getByLabelText('Required Margin').textContent).toBe('379.73'));
    expect(calls.calls.find((c) => c.path === '/Trade/CheckMargin')?.data).toMatchObject({
      prdType: 'MARGIN',
      ordAction: 'buy',
      qty: '1',
    });
  });

  it('the HOLDING/POSITIONS tab calls HoldingsSummaryBySymbol when it opens', async () => {
    const calls = server();
    const { user, dialog } = await open({ side: 'SELL', scrip: relianceScrip });
    await quoteLoaded(dialog);
    expect(calls.paths()).not.toContain('/Account/HoldingsSummaryBySymbol');
    await user.click(within(dialog).getByRole('tab', { name: 'HOLDING/POSITIONS' }));
    await vi.waitFor(() => expect(calls.paths()).toContain('/Account/HoldingsSummaryBySymbol'));
    expect(within(dialog).getByText('DP Qty')).toBeTruthy();
  });

  it('opened from a basket: ADD TO BASKET hands the validated line to the callback', async () => {
    server();
    const onAdd = vi.fn(async () => undefined);
    sessionStore.signIn(loginFixture({ equity_flag: 'Y' }));
    render(<DialogHost />);
    const user = userEvent.setup();
    act(() => {
      void openOrderEntry({ side: 'BUY', scrip: relianceScrip, basket: { onAdd } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'ADD TO BASKET' });
    await quoteLoaded(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'ADD TO BASKET' }));
    await vi.waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd.mock.calls[0]).toMatchObject([
      { displaySym: 'RELIANCE', qty: '1', limitPrice: '1518.90', ordAction: 'buy', prdType: 'CASH' },
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'ADD TO BASKET' })).toBeNull());
  });
});

describe('spreads and square-off (trading.md 3, 5.1)', () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
    sessionStore.signOut();
  });

  const spread: ScripRef = {
    sym: niftySpread.sym,
    displaySym: niftySpread.displaySym,
    companyName: 'NIFTY 50',
    streamSym: 'NIFTYSPR',
    tradable: true,
  };
  const spreadPermissions = { equity_flag: 'Y', fno_permission: 'Y', fno_nse_spd_permission: 'Y' } as const;
  /** The fake server for a spread: its quote, and AddSpreadOrder answering `msg`. */
  const spreadServer = (msg: string) =>
    server({
      '/Market/GetQuote': () => ({
        data: quoteOf(spread, { ltp: '150.00', dpr: '0.00 - 0.00', lot: 65, tickSize: '0.05' }),
      }),
      '/Trade/AddSpreadOrder': () => ({ data: { msg, orderId: 'SPR1' } }),
      '/Trade/CheckMargin': () => ({ data: { requiredMargin: '157243.75', availableMargin: '1000000.00' } }),
    });
  /** The dialog's Price Difference, CONFIRM ORDER and SUBMIT ORDER on `confirmTitle`, then SUCCESS. */
  async function submitSpread(user: UserEvent, dialog: HTMLElement, confirmTitle: string): Promise<string> {
    const priceDiff = (within(dialog).getByLabelText('Price Difference', { selector: 'input' }) as HTMLInputElement)
      .value;
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM ORDER' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: confirmTitle })).getByRole('button', { name: 'SUBMIT ORDER' }),
    );
    await screen.findByRole('dialog', { name: 'SUCCESS' });
    return priceDiff;
  }

  it('a spread goes to /Trade/AddSpreadOrder with opposite legs, Day only and no holdings tab', async () => {
    const calls = spreadServer('Spread placed');
    const { user, dialog } = await open({ side: 'BUY', scrip: spread }, spreadPermissions);
    await quoteLoaded(dialog, '150.00');
    expect(within(dialog).queryByRole('tab', { name: 'HOLDING/POSITIONS' })).toBeNull();
    expect(within(dialog).queryByRole('tab', { name: 'POSITIONS' })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'IOC' })).toBeNull();
    expect(await submitSpread(user, dialog, 'CONFIRM BUY ORDER')).toBe('50');
    expect(calls.calls.find((c) => c.path === '/Trade/AddSpreadOrder')?.data).toMatchObject({
      ordAction: 'B',
      ordAction2: 'S',
      ordType: 'limit',
      prdType: 'SP',
      qty: '65',
      priceDiff: '50',
    });
    expect(calls.paths()).not.toContain('/Trade/AddOrder');
  });

  it("a spread modify sends the order's own product and its price difference, not SP and 0", async () => {
    const calls = spreadServer('Spread modified');
    const order = orderRow({
      orderId: 'SPR1',
      exchOrderId: '7',
      sym: niftySpread.sym,
      displaySym: niftySpread.displaySym,
      ordAction: 'SELL',
      prdType: 'CARRY FORWARD',
      ordStatus: 'OUTSTANDING',
      limitPrice: '-12.50',
      qty: 65,
      remQty: 65,
      nestRequestId: 'SPR1',
    });
    const { user, dialog } = await open({ side: 'SELL', scrip: spread, entryType: 'MODIFY', order }, spreadPermissions);
    await quoteLoaded(dialog, '150.00');
    // The order's own product shows as chosen; the Spread tab is locked, as every other product is on modify.
    const tab = (name: string) => within(dialog).getByRole('tab', { name }) as HTMLButtonElement;
    expect([tab('Carry Forward').getAttribute('aria-selected'), tab('Spread').disabled]).toEqual(['true', true]);
    await user.click(tab('Spread'));
    expect(tab('Carry Forward').getAttribute('aria-selected')).toBe('true');
    // Required Margin is the spread's own, asked at its price difference and product (not the default 0.00).
    await within(dialog).findByText('1,57,243.75', { selector: '[aria-label="Required Margin"]' });
    expect(calls.calls.find((c) => c.path === '/Trade/CheckMargin')?.data).toMatchObject({
      ordAction: 'sell',
      ordType: 'limit',
      prdType: 'CARRY FORWARD',
      qty: '65',
      limitPrice: '-12.50',
    });
    expect(await submitSpread(user, dialog, 'CONFIRM MODIFY SELL ORDER')).toBe('-12.50');
    expect(calls.calls.find((c) => c.path === '/Trade/AddSpreadOrder')?.data).toMatchObject({
      orderId: 'SPR1',
      nestRequestId: 'SPR1',
      ordAction: 'S',
      ordAction2: 'B',
      prdType: 'CARRY FORWARD',
      qty: '65',
      priceDiff: '-12.50',
    });
  });

  it('square-off is refused while orders of that contract and product are outstanding', async () => {
    const calls = server({
      '/Trade/MyOrders': () => ({ data: { orders: [{ sym: relianceScrip.sym, prdType: 'INTRADAY' }] } }),
    });
    const { user, dialog } = await open({
      side: 'SELL',
      scrip: relianceScrip,
      entryType: 'SQUAREOFF',
      product: 'INTRADAY',
      quantity: 5,
    });
    await quoteLoaded(dialog);
    expect(within(dialog).queryByRole('searchbox')).toBeNull();
    expect((within(dialog).getByLabelText('Quantity', { selector: 'input' }) as HTMLInputElement).value).toBe('5');
    expect(await placeOrderError(user, dialog)).toBe(
      'Order Entry not permitted as there are outstanding orders in this symbol (or contract) in INTRADAY product for this client.',
    );
    expect(calls.calls.find((c) => c.path === '/Trade/MyOrders')?.data).toMatchObject({ tab: 'equity' });
    expect(calls.paths()).not.toContain('/Trade/Charges');
  });
});

describe('exchange toggle (trading.md 2.2)', () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
    sessionStore.signOut();
  });

  it('switches RELIANCE from NSE to BSE by looking the symbol up on the other exchange', async () => {
    const bseSym = { ...relianceScrip.sym, id: '500325', exc: 'BSE' as const, exc_seg: 'bse_cm', xSym: '500325_BSE' };
    const calls = server({
      '/Trade/SymbolSearch': () => ({
        data: {
          searchResults: [
            { ...reliance, sym: bseSym, streamSym: 'RELIANCE', lot: 1, tickSize: '0.05', tradable: true },
          ],
        },
      }),
    });
    const { user, dialog } = await open(
      { side: 'BUY', scrip: relianceScrip },
      { equity_flag: 'Y', bse_permission: 'Y' },
    );
    await quoteLoaded(dialog);
    expect(within(dialog).getByRole('button', { name: 'NSE' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(dialog).queryByRole('button', { name: 'MCX' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'BSE' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'BSE' }).getAttribute('aria-pressed')).toBe('true'),
    );
    await vi.waitFor(() =>
      expect(calls.calls.filter((c) => c.path === '/Market/GetQuote').at(-1)?.data).toMatchObject({
        sym: { exc: 'BSE', id: '500325' },
      }),
    );
  });
});

describe('modifying a basket line (trading.md 2.8)', () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
    sessionStore.signOut();
  });

  it("keeps the line's quantity and price instead of the quote's defaults", async () => {
    server();
    const onAdd = vi.fn(async () => undefined);
    sessionStore.signIn(loginFixture({ equity_flag: 'Y' }));
    render(<DialogHost />);
    act(() => {
      void openOrderEntry({
        side: 'SELL',
        scrip: relianceScrip,
        basket: {
          onAdd,
          initial: { qty: '7', limitPrice: '1500.00', ordAction: 'sell', prdType: 'INTRADAY', ordType: 'limit' },
        },
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'ADD TO BASKET' });
    await quoteLoaded(dialog);
    expect((within(dialog).getByLabelText('Quantity', { selector: 'input' }) as HTMLInputElement).value).toBe('7');
    expect((within(dialog).getByLabelText('Price', { selector: 'input' }) as HTMLInputElement).value).toBe('1500.00');
    expect(within(dialog).getByRole('tab', { name: 'Intraday' }).getAttribute('aria-selected')).toBe('true');
  });
});
