import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tradingText, type BasketLine, type BasketLogLine } from '@kite/domain';
import { DialogHost, closeAllDialogs } from '../../components/dialog/index.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { toLoginState } from '../../lib/session/sign-in.ts';
import { fakeServer, signedInAnswer, type FakeAnswer } from '../../test/fake-server.ts';
import { BasketPage } from './BasketPage.tsx';

const text = tradingText.basket;

function line(id: string, overrides: Partial<BasketLine> = {}): BasketLine {
  return {
    BASKET_SYMBOL_ID: id,
    DISP_SYM: 'SBIN',
    EXCH_ID: 'NSE',
    EXCH_SEG: 'nse_cm',
    BUY_SELL_IND: 'BUY',
    SEGMENT_TYPE: 'CASH',
    LIMIT_PRICE: '800.05',
    QTY: 10,
    DISC_QTY: 0,
    TRIGGER_PRICE: '0.00',
    DAY_IOC_ORD: 'DAY',
    ORD_TYPE: 'LIMIT',
    ASSET_CLASS: 'EQUITY',
    SYMBOL: '1040',
    INST_TYPE: 'STK',
    OPT_TYPE: '',
    STRIKE_PRICE: '',
    EXPIRY_DATE: '',
    TR_EXCH: 'NSE',
    TR_SYMBOL: 'SBIN-EQ',
    XSYM: '1040_NSE',
    ISINDP: 'true',
    ...overrides,
  };
}

function signIn(basketOrder = true) {
  const answer = signedInAnswer('DEMO1', false);
  act(() =>
    sessionStore.signIn(
      toLoginState({ ...answer, flags: { ...answer.flags, basketOrder } } as Parameters<typeof toLoginState>[0]),
    ),
  );
}

type Handlers = Record<string, (data: Record<string, unknown>) => FakeAnswer>;

function renderPage(handlers: Handlers) {
  const server = fakeServer(handlers);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BasketPage />
        <DialogHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return server;
}

const twoBaskets = [
  { id: '1', name: 'Longs' },
  { id: '2', name: 'Hedges' },
];
const threeLines = [
  line('11'),
  line('12', {
    DISP_SYM: 'INFY',
    BUY_SELL_IND: 'SELL',
    SEGMENT_TYPE: 'INTRADAY',
    ORD_TYPE: 'SL',
    TRIGGER_PRICE: '1500.00',
  }),
  line('13', { DISP_SYM: 'NIFTY26NOVFUT', EXCH_ID: 'NFO', QTY: 65, ORD_TYPE: 'MARKET', LIMIT_PRICE: '0.00' }),
];

const dialog = (name: string) => screen.findByRole('dialog', { name });
async function closeMessage(message: string) {
  const popup = await screen.findByRole('alertdialog', { name: text.messageTitle });
  expect(within(popup).getByText(message)).toBeTruthy();
  await userEvent.click(within(popup).getByRole('button', { name: text.ok }));
}

describe('Basket screen (trading.md 2.8, 4.7, 5.5, 8)', () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    act(() => sessionStore.signOut());
    vi.unstubAllGlobals();
  });

  it('with no basket shows the empty state with CREATE A NEW BASKET, and no rename, execute or delete', async () => {
    signIn();
    renderPage({ '/Basket/GetBasketList': () => ({ data: { data: [] } }) });
    expect(await screen.findByText(text.noBasket)).toBeTruthy();
    expect(screen.getByText(text.noBasketHint)).toBeTruthy();
    expect(screen.getByRole('button', { name: text.createNewBasketButton })).toBeTruthy();
    expect(screen.getByRole('button', { name: text.createBasket })).toBeTruthy();
    expect(screen.getByRole('button', { name: text.executionLog })).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.executeBasket })).toBeNull();
    expect(screen.queryByRole('button', { name: text.deleteBasket })).toBeNull();
    expect(screen.queryByRole('button', { name: text.renameTitle })).toBeNull();
  });

  it('selects the first basket, shows its lines in the spec columns with MODIFY and DELETE per row', async () => {
    signIn();
    const server = renderPage({
      '/Basket/GetBasketList': () => ({ data: { data: twoBaskets } }),
      '/Basket/GetBasketSymbolList': (d) => ({ data: { data: d.id === '1' ? threeLines : [] } }),
    });
    const table = await screen.findByRole('table');
    expect(server.calls.find((c) => c.path === '/Basket/GetBasketList')?.data).toEqual({ status: 'N' });
    expect(server.calls.find((c) => c.path === '/Basket/GetBasketSymbolList')?.data).toEqual({ id: '1' });
    // Sortable headers carry an arrow sign after the label.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[^A-Z./ ]/g, '').trim())
      .filter(Boolean);
    expect(headers).toEqual([...text.columns]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '2',
      'INFY',
      'NSE',
      'SELL',
      'INTRADAY',
      '800.05',
      '10',
      '0',
      '1500.00',
      'DAY',
      'SL',
      `${text.modify}${text.delete}`,
    ]);
    expect(screen.getByRole('button', { name: `${text.modify} INFY` })).toBeTruthy();
    expect(screen.getByRole('button', { name: text.renameTitle })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: text.chooseBasket }) as HTMLSelectElement).value).toBe('1');

    // Choosing the other basket fetches its lines: that one is empty.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: text.chooseBasket }), '2');
    expect(await screen.findByText(text.noScript)).toBeTruthy();
    expect(screen.getByText(text.noScriptHint)).toBeTruthy();
    expect(screen.getByRole('button', { name: text.addToBasket })).toBeTruthy();
  });

  it('creates a basket through CREATE NEW BASKET, shows the message, then reloads and selects it', async () => {
    signIn();
    let baskets = [{ id: '1', name: 'Longs' }];
    const server = renderPage({
      '/Basket/GetBasketList': () => ({ data: { data: baskets } }),
      '/Basket/GetBasketSymbolList': () => ({ data: { data: [] } }),
      '/Basket/AddBasket': (d) => {
        baskets = [...baskets, { id: '7', name: String(d.name) }];
        return { data: { id: '7', message: text.created } };
      },
    });
    await screen.findByText(text.noScript);
    await userEvent.click(screen.getByRole('button', { name: text.createBasket }));
    const create = await dialog(text.createTitle);
    expect(within(create).getByText(text.createHint)).toBeTruthy();
    const input = within(create).getByPlaceholderText(text.createPlaceholder) as HTMLInputElement;
    expect(input.maxLength).toBe(200);
    await userEvent.type(input, 'Weekly swing');
    await userEvent.click(within(create).getByRole('button', { name: text.create }));
    await closeMessage(text.created);
    expect(server.calls.find((c) => c.path === '/Basket/AddBasket')?.data).toEqual({ name: 'Weekly swing' });
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: text.chooseBasket }) as HTMLSelectElement).value).toBe('7'),
    );
    expect(server.paths().filter((p) => p === '/Basket/GetBasketList')).toHaveLength(2);
  });

  it('shows a create error from the server in the message popup', async () => {
    signIn();
    renderPage({
      '/Basket/GetBasketList': () => ({ data: { data: [] } }),
      '/Basket/AddBasket': () => ({ infoID: 'BSK004', infoMsg: text.duplicateName }),
    });
    await userEvent.click(await screen.findByRole('button', { name: text.createNewBasketButton }));
    const create = await dialog(text.createTitle);
    await userEvent.type(within(create).getByRole('textbox'), 'Longs');
    await userEvent.keyboard('{Enter}');
    await closeMessage(text.duplicateName);
  });

  it('renames with the shared 10-character input (its error under the input) and deletes after confirmation', async () => {
    signIn();
    const server = renderPage({
      '/Basket/GetBasketList': () => ({ data: { data: twoBaskets } }),
      '/Basket/GetBasketSymbolList': () => ({ data: { data: threeLines } }),
      '/Basket/RenameBasket': () => ({ data: { message: text.renamed } }),
      '/Basket/DeleteBasket': () => ({ data: { message: text.deleted } }),
    });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: text.renameTitle }));
    const rename = await dialog(text.renameTitle);
    const input = within(rename).getByRole('textbox') as HTMLInputElement;
    expect(input.maxLength).toBe(10);
    await userEvent.clear(input);
    await userEvent.click(within(rename).getByRole('button', { name: text.rename }));
    expect(within(rename).getByRole('alert').textContent?.length).toBeGreaterThan(0);
    await userEvent.type(input, 'Core{Enter}');
    await closeMessage(text.renamed);
    expect(server.calls.find((c) => c.path === '/Basket/RenameBasket')?.data).toEqual({ id: '1', name: 'Core' });

    await userEvent.click(screen.getByRole('button', { name: text.deleteBasket }));
    const confirm = await dialog(text.deleteTitle('Longs'));
    expect(within(confirm).getByText(text.deleteQuestion)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: text.delete }));
    await closeMessage(text.deleted);
    expect(server.calls.find((c) => c.path === '/Basket/DeleteBasket')?.data).toEqual({ id: '1' });
  });

  it('executes after the EXECUTE BASKET dialog lists the lines, and answers the spec messages', async () => {
    signIn();
    const server = renderPage({
      '/Basket/GetBasketList': () => ({ data: { data: twoBaskets } }),
      '/Basket/GetBasketSymbolList': (d) => ({ data: { data: d.id === '1' ? threeLines : [] } }),
      '/Basket/ExecuteBasket': () => ({ infoMsg: text.executed, data: { message: text.executed, data: [] } }),
    });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: text.executeBasket }));
    const execute = await dialog(text.executeTitle('Longs'));
    const table = within(execute).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([...text.executeColumns]);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    await userEvent.click(within(execute).getByRole('button', { name: text.confirm }));
    await closeMessage(text.executed);
    expect(server.calls.find((c) => c.path === '/Basket/ExecuteBasket')?.data).toEqual({ id: '1' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: text.chooseBasket }), '2');
    await screen.findByText(text.noScript);
    await userEvent.click(screen.getByRole('button', { name: text.executeBasket }));
    await closeMessage(text.noSymbols);
    expect(server.paths().filter((p) => p === '/Basket/ExecuteBasket')).toHaveLength(1);
  });

  it("toggles 'Scrip' to 'Delete Scrip(s)', deletes the selected lines after DELETE SCRIP(S), and one row's DELETE", async () => {
    signIn();
    const server = renderPage({
      '/Basket/GetBasketList': () => ({ data: { data: twoBaskets } }),
      '/Basket/GetBasketSymbolList': () => ({ data: { data: threeLines } }),
      '/Basket/DeleteBasketSymbols': () => ({ data: true }),
    });
    await screen.findByRole('table');
    const minus = screen.getByRole('button', { name: text.scrip, pressed: false });
    await userEvent.click(minus);
    expect(screen.getByRole('button', { name: text.deleteScrips, pressed: true })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select SBIN' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select INFY' }));
    await userEvent.click(screen.getByRole('button', { name: text.deleteScrips }));
    const confirm = await dialog(text.deleteScripsTitle);
    expect(within(confirm).getByText(text.deleteScripsQuestion)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: text.delete }));
    await closeMessage(text.symbolsDeleted);
    expect(server.calls.find((c) => c.path === '/Basket/DeleteBasketSymbols')?.data).toEqual({ id: ['11', '12'] });
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: `${text.delete} NIFTY26NOVFUT` }));
    await userEvent.click(within(await dialog(text.deleteScripsTitle)).getByRole('button', { name: text.delete }));
    await closeMessage(text.symbolDeleted);
    expect(server.calls.filter((c) => c.path === '/Basket/DeleteBasketSymbols')[1]?.data).toEqual({ id: ['13'] });
  });

  it('switches to the execution log (status Y) with ORDER STATUS and ORDER RESPONSE, and BACK returns', async () => {
    signIn();
    const logLines: BasketLogLine[] = [
      { ...threeLines[0]!, ORDER_STATUS: 'EXECUTED', ORDER_RESPONSE: 'Order placed', ORDER_ID: 'A1' },
      { ...threeLines[1]!, ORDER_STATUS: 'REJECTED', ORDER_RESPONSE: 'Insufficient funds', ORDER_ID: '' },
    ];
    let executed = true;
    const server = renderPage({
      '/Basket/GetBasketList': (d) => ({
        data: { data: d.status === 'Y' ? (executed ? [twoBaskets[1]] : []) : twoBaskets },
      }),
      '/Basket/GetBasketSymbolList': () => ({ data: { data: threeLines } }),
      '/Basket/ExecutionLog': () => ({ data: { data: logLines } }),
    });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: text.executionLog }));
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(server.calls.filter((c) => c.path === '/Basket/GetBasketList').map((c) => c.data.status)).toEqual([
      'N',
      'Y',
    ]);
    expect(server.calls.find((c) => c.path === '/Basket/ExecutionLog')?.data).toEqual({ id: '2' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(-2)).toEqual([text.orderStatus, text.orderResponse]);
    expect(within(table).getByText('Insufficient funds')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /MODIFY/ })).toBeNull();
    expect(screen.queryByRole('button', { name: text.createBasket })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: text.back }));
    expect(await screen.findByRole('button', { name: text.createBasket })).toBeTruthy();

    executed = false;
    await userEvent.click(screen.getByRole('button', { name: text.executionLog }));
    expect(await screen.findByText(text.noExecutedBasket)).toBeTruthy();
  });

  it('collapses back to the dashboard, or calls the given callback', async () => {
    signIn();
    fakeServer({ '/Basket/GetBasketList': () => ({ data: { data: [] } }) });
    const onCollapse = vi.fn();
    render(
      <MemoryRouter>
        <BasketPage onCollapse={onCollapse} />
      </MemoryRouter>,
    );
    await screen.findByText(text.noBasket);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse' }));
    expect(onCollapse).toHaveBeenCalledOnce();
  });

  it('asks nothing of the server for a client without the basket-order flag (trading.md 6)', () => {
    signIn(false);
    const server = renderPage({});
    expect(server.calls.filter((c) => c.path.startsWith('/Basket/'))).toHaveLength(0);
  });
});
