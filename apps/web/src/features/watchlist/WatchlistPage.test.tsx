import { DEFAULT_COLUMN_IDS, tradingText, type WatchlistGroup, type WatchlistSymbolRow } from '@kite/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { DialogHost, closeAllDialogs } from '../../components/dialog/index.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { tickStore } from '../../lib/stream/tick-store.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { setOrderDialogOpener } from '../shell-dialogs/index.ts';
import { WatchlistPage } from './WatchlistPage.tsx';
import { level1Tick } from '../../test/stream-fixtures.ts';

const text = tradingText.watchlist;
const settings = {
  assetClass: 'EQUITY' as const,
  equityColumns: [...DEFAULT_COLUMN_IDS],
  futureColumns: [4, 5],
  optionsColumns: [4, 5],
};
const group = (id: string, name: string, patch: Partial<WatchlistGroup> = {}): WatchlistGroup => ({
  id,
  name,
  channel: 'WEB',
  type: 'user',
  isEditable: true,
  isMobile: false,
  isChecked: false,
  favid: '0',
  settings,
  ...patch,
});
const predef = (id: string, name: string) => group(id, name, { channel: 'PREDEF', type: 'predef', isEditable: false });

function row(displaySym: string, ltp: string, exc = 'NSE'): WatchlistSymbolRow {
  const excSeg = exc === 'MCX' ? 'mcx_fo' : 'nse_cm';
  return {
    sym: {
      id: `${displaySym}-ID`,
      exc: exc as 'NSE',
      exc_seg: excSeg,
      instr: exc === 'MCX' ? 'FUTCOM' : 'STK',
      xSym: `${displaySym}_${exc}`,
      trSymbol: displaySym,
      assetClass: exc === 'MCX' ? 'FUTURE' : 'EQUITY',
    },
    exc,
    streamSym: displaySym,
    companyName: `${displaySym} Ltd`,
    displaySym,
    uniqueId: `${exc}|${displaySym}-ID`,
    ltp,
    chng: '1.00',
    chngPer: '0.10',
    bidPrice: ltp,
    askPrice: ltp,
    bidQty: 10,
    askQty: 20,
    ltq: 1,
    totBuyQty: 1,
    totSellQty: 1,
    lTradedTime: '',
    lUpdatedTime: '',
    avgTradedPrice: ltp,
    closePrice: ltp,
    highPrice: ltp,
    lowPrice: ltp,
    openPrice: ltp,
    vol: 1000,
    dpr: '1.00 - 2.00',
    openInterest: null,
    isResearchAvail: false,
    lot: 1,
    tickSize: '0.05',
    tradable: true,
  };
}

interface State {
  groups: WatchlistGroup[];
  symbols: Record<string, WatchlistSymbolRow[]>;
}

let state: State;

function serve(overrides: Record<string, (data: Record<string, unknown>) => FakeAnswer> = {}) {
  return fakeServer({
    '/Watchlist/ListGroups': () => ({
      data: {
        predef: state.groups.filter((g) => g.type === 'predef'),
        groups: state.groups.filter((g) => g.type === 'user'),
        mpib: [],
      },
    }),
    '/Watchlist/ListSymbols': (d) => ({ data: { symbols: state.symbols[String(d.id)] ?? [] } }),
    '/Watchlist/DeleteSymbol': (d) => {
      const ids = (d.symGroup as { id: string }[]).map((s) => s.id);
      state.symbols[String(d.watchId)] = (state.symbols[String(d.watchId)] ?? []).filter(
        (r) => !ids.includes(r.sym.id),
      );
      return { data: { deleted: ids.length } };
    },
    '/Watchlist/DeleteGroup': (d) => {
      const ids = (d.watchGroup as { watchId: string }[]).map((g) => g.watchId);
      state.groups = state.groups.filter((g) => !ids.includes(g.id));
      return { data: { deleted: ids.length } };
    },
    '/Watchlist/UpdateFavourite': (d) => {
      state.groups = state.groups.map((g) => (g.id === d.watchId ? { ...g, favid: d.favId as '0' } : g));
      return { data: { watchId: d.watchId, favid: d.favId } };
    },
    '/Watchlist/AddGroup': (d) => {
      state.groups.push(group('9', String(d.name)));
      return { data: { id: '9' } };
    },
    '/Watchlist/UpdateGroup': (d) => {
      const g = state.groups.find((x) => x.id === d.watchId)!;
      Object.assign(g, { name: d.name, settings: d.settings ?? g.settings });
      return { data: g };
    },
    ...overrides,
  });
}

function renderPage(details: Parameters<typeof loginFixture>[0] = { equity_flag: 'Y' }) {
  sessionStore.signIn(loginFixture(details));
  const router = createMemoryRouter([{ path: '/home/watchlist', element: <WatchlistPage /> }], {
    initialEntries: ['/home/watchlist'],
  });
  render(
    <>
      <RouterProvider router={router} />
      <DialogHost />
    </>,
  );
}

const pane = (n: 1 | 2) => screen.getByRole('region', { name: text.paneLabel(n) });
const ready = () => screen.findByRole('region', { name: text.paneLabel(1) });
const dialog = (name: string) => screen.findByRole('alertdialog', { name });

beforeEach(() => {
  state = {
    groups: [group('1', 'My List'), group('2', 'Banks'), predef('P-NIFTY50', 'NIFTY 50')],
    symbols: {
      '1': [row('RELIANCE', '1510.20'), row('TCS', '3300.00'), row('GOLD', '72000.00', 'MCX')],
      '2': [row('SBIN', '820.00')],
      'P-NIFTY50': [],
    },
  };
});

afterEach(() => {
  closeAllDialogs();
  vi.unstubAllGlobals();
  sessionStore.signOut();
  tickStore.clear();
});

const tick = (key: string, ltp: string) =>
  level1Tick(key, ltp, {
    streamSym: 'RELIANCE',
    xSym: 'RELIANCE_NSE',
    ts: 1,
    ltq: 5,
    chng: '-2.00',
    chngPer: '-0.13',
    bidPrice: ltp,
    bidQty: 7,
    askPrice: ltp,
    askQty: 9,
    vol: 2000,
    totBuyQty: 1,
    totSellQty: 1,
    lUpdatedTime: '21/11/2026 10:00:01',
    lTradedTime: '21/11/2026 10:00:01',
  });

describe('watchlist screen (trading.md 2.6, 4.5, 5.3, 8)', () => {
  it("shows two panes; the other pane's group is disabled; rows tick live", async () => {
    serve();
    renderPage();
    await ready();
    await within(pane(1)).findByText('RELIANCE');
    expect(await within(pane(2)).findByText('SBIN')).toBeTruthy();
    const select1 = within(pane(1)).getByRole('combobox', { name: text.groupLabel }) as HTMLSelectElement;
    expect(select1.value).toBe('1');
    expect((within(select1).getByRole('option', { name: 'Banks' }) as HTMLOptionElement).disabled).toBe(true);
    expect((within(select1).getByRole('option', { name: 'NIFTY 50' }) as HTMLOptionElement).disabled).toBe(false);
    const headers = within(pane(1))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 5)).toEqual(['Symbol', 'Trade', 'LTP', 'Change', '%Change']);
    const reliance = within(pane(1)).getByText('RELIANCE').closest('tr')!;
    act(() => {
      tickStore.apply(tick('nse_cm|RELIANCE_NSE', '1600.40'));
      tickStore.flush();
    });
    expect(reliance.textContent).toContain('1,600.40');
    expect(reliance.textContent).toContain('-2.00');
    // The empty predefined group shows the spec's text.
    await userEvent.setup().selectOptions(within(pane(2)).getByRole('combobox'), 'P-NIFTY50');
    expect(await within(pane(2)).findByText(text.noScrips)).toBeTruthy();
  });

  it('shows the server message inline when the list fails', async () => {
    serve({ '/Watchlist/ListSymbols': () => ({ infoID: 'EGN005', infoMsg: 'No record found.' }) });
    renderPage();
    await ready();
    expect(await within(pane(1)).findByText('No record found.')).toBeTruthy();
  });

  it('delete-scrips mode: enters, leaves with nothing chosen, asks with a choice, cancel keeps, confirm deletes', async () => {
    const server = serve();
    renderPage();
    await ready();
    const user = userEvent.setup();
    await within(pane(1)).findByText('RELIANCE');
    const minus = within(pane(1)).getByRole('button', { name: text.scripButton, pressed: false });
    await user.click(minus);
    expect(minus.textContent).toBe(text.deleteScripsMode);
    await user.click(minus);
    expect(minus.textContent).toBe(text.scripButton);
    await user.click(minus);
    for (const name of ['RELIANCE', 'TCS', 'GOLD'])
      await user.click(within(pane(1)).getByRole('checkbox', { name: text.selectScrip(name) }));
    await user.click(minus);
    expect((await dialog(text.header)).textContent).toContain(text.cannotDeleteLast);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.click(within(pane(1)).getByRole('checkbox', { name: text.selectScrip('GOLD') }));
    await user.click(minus);
    const confirm = await screen.findByRole('dialog', { name: text.header });
    expect(confirm.textContent).toContain(text.deleteConfirm);
    await user.click(within(confirm).getByRole('button', { name: 'NO' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: text.header })).toBeNull());
    expect(minus.textContent).toBe(text.deleteScripsMode);
    await user.click(minus);
    await user.click(await screen.findByRole('button', { name: 'YES' }));
    await waitFor(() => expect(within(pane(1)).queryByText('RELIANCE')).toBeNull());
    expect(server.calls.find((c) => c.path === '/Watchlist/DeleteSymbol')?.data).toMatchObject({
      watchId: '1',
      symGroup: [{ id: 'RELIANCE-ID' }, { id: 'TCS-ID' }],
    });
    expect(minus.textContent).toBe(text.scripButton);
  });

  it('favourite star: takes a free slot, refuses a third with the Set Favourite dialog', async () => {
    state.groups[1] = { ...state.groups[1]!, favid: '1' };
    state.groups[2] = { ...state.groups[2]!, favid: '2' };
    const server = serve();
    renderPage();
    await ready();
    const user = userEvent.setup();
    await within(pane(1)).findByText('SBIN');
    // Favourites open first: Banks (slot 1) left, NIFTY 50 (slot 2) right.
    await user.selectOptions(within(pane(1)).getByRole('combobox'), '1');
    await user.click(within(pane(1)).getByRole('button', { name: text.favourite }));
    expect((await dialog(text.favouriteHeader)).textContent).toContain(text.favouritesFull);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.click(within(pane(2)).getByRole('button', { name: text.favourite, pressed: true }));
    await waitFor(() =>
      expect(server.calls.some((c) => c.path === '/Watchlist/UpdateFavourite' && c.data.favId === '0')).toBe(true),
    );
    await user.click(within(pane(1)).getByRole('button', { name: text.favourite, pressed: false }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/Watchlist/UpdateFavourite').at(-1)?.data).toEqual({
        watchId: '1',
        favId: '2',
      }),
    );
  });

  it('add watchlist: refuses a 6th and a taken name, adds a new one and shows it in the pane', async () => {
    serve();
    renderPage();
    await ready();
    const user = userEvent.setup();
    await within(pane(1)).findByText('RELIANCE');
    await user.click(within(pane(1)).getByRole('button', { name: text.addWatchlist }));
    await user.type(await screen.findByLabelText(text.nameLabel), 'banks{Enter}');
    expect((await dialog(text.addHeader)).textContent).toContain(text.nameExists);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.click(within(pane(1)).getByRole('button', { name: text.addWatchlist }));
    await user.type(await screen.findByLabelText(text.nameLabel), 'Pharma{Enter}');
    await waitFor(() => expect((within(pane(1)).getByRole('combobox') as HTMLSelectElement).value).toBe('9'));
  });

  it('add watchlist: with 5 already the dialog does not open and the limit is shown', async () => {
    state.groups.push(group('10', 'C'), group('11', 'D'), group('12', 'E'));
    const server = serve();
    renderPage();
    await ready();
    await userEvent.setup().click(within(pane(2)).getByRole('button', { name: text.addWatchlist }));
    expect((await dialog(text.addHeader)).textContent).toContain(text.tooMany);
    expect(screen.queryByLabelText(text.nameLabel)).toBeNull();
    expect(server.paths()).not.toContain('/Watchlist/AddGroup');
  });

  it('delete watchlists: needs one, confirms, reports, and the pane moves to the first editable group', async () => {
    const server = serve();
    renderPage();
    await ready();
    const user = userEvent.setup();
    await within(pane(1)).findByText('RELIANCE');
    await user.click(within(pane(1)).getByRole('button', { name: text.deleteWatchlist }));
    const chooser = await screen.findByRole('dialog', { name: text.deleteHeader });
    await user.click(within(chooser).getByRole('button', { name: 'DELETE' }));
    expect((await dialog(text.deleteHeader)).textContent).toContain(text.selectOneToDelete);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.click(within(chooser).getByRole('checkbox', { name: 'My List' }));
    await user.click(within(chooser).getByRole('button', { name: 'DELETE' }));
    expect((await screen.findAllByRole('dialog', { name: text.deleteHeader })).at(-1)!.textContent).toContain(
      text.deleteConfirm,
    );
    await user.click(screen.getByRole('button', { name: 'YES' }));
    expect((await dialog(text.deleteHeader)).textContent).toContain(text.deleted);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(server.calls.find((c) => c.path === '/Watchlist/DeleteGroup')?.data).toEqual({
      watchGroup: [{ name: 'My List', watchId: '1' }],
    });
    // Banks is in pane 2, so pane 1 takes the next: no other editable, no mobile, the first non-editable.
    await waitFor(() => expect((within(pane(1)).getByRole('combobox') as HTMLSelectElement).value).toBe('P-NIFTY50'));
  });

  it('filters by column and exports only when expanded; an empty list cannot be exported', async () => {
    serve();
    renderPage();
    await ready();
    const user = userEvent.setup();
    await within(pane(1)).findByText('RELIANCE');
    expect(within(pane(1)).queryByRole('button', { name: text.exportMenu })).toBeNull();
    await user.click(within(pane(1)).getByRole('button', { name: text.filter }));
    await user.type(within(pane(1)).getByRole('textbox', { name: text.filterOf('LTP') }), '>3000');
    await waitFor(() => expect(within(pane(1)).queryByText('RELIANCE')).toBeNull());
    expect(within(pane(1)).getByText('TCS')).toBeTruthy();
    await user.clear(within(pane(1)).getByRole('textbox', { name: text.filterOf('LTP') }));
    await user.type(within(pane(1)).getByRole('textbox', { name: text.filterOf('Symbol') }), 'rel');
    await waitFor(() => expect(within(pane(1)).queryByText('TCS')).toBeNull());
    await user.click(within(pane(1)).getByRole('button', { name: text.expand }));
    expect(screen.queryByRole('region', { name: text.paneLabel(2) })).toBeNull();
    expect(
      within(pane(1))
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toContain('ATP');
    await user.type(within(pane(1)).getByRole('textbox', { name: text.filterOf('Symbol') }), 'zzz');
    await user.click(within(pane(1)).getByRole('button', { name: text.exportMenu }));
    await user.click(screen.getByRole('menuitem', { name: text.exportCsv }));
    expect((await dialog(text.header)).textContent).toContain(text.exportEmpty);
  });

  it('trade buttons open the order dialog, or explain a missing segment; commodity rows open no chart', async () => {
    const open = vi.fn();
    setOrderDialogOpener({ open, isOpen: () => false, toggleMarketDepth: () => undefined });
    serve();
    renderPage({ equity_flag: 'Y' });
    await ready();
    const user = userEvent.setup();
    await within(pane(1)).findByText('RELIANCE');
    await user.click(within(pane(1)).getByRole('button', { name: 'BUY RELIANCE' }));
    expect(open).toHaveBeenCalledWith('BUY');
    const gold = within(pane(1)).getByRole('button', { name: 'SELL GOLD' });
    expect(gold.getAttribute('aria-disabled')).toBe('true');
    await user.click(gold);
    expect((await dialog(text.header)).textContent).toContain(text.segmentNotSubscribed);
    expect(open).toHaveBeenCalledTimes(1);
    expect((within(pane(1)).getByRole('button', { name: text.openChart('GOLD') }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(pane(1)).queryByRole('button', { name: /^GOLD/ })).toBeNull();
  });

  it('edit watchlist: fixed columns stay on, custom columns per asset tab, rename saved with the settings', async () => {
    const server = serve();
    renderPage();
    await ready();
    const user = userEvent.setup();
    await within(pane(1)).findByText('RELIANCE');
    await user.click(within(pane(1)).getByRole('button', { name: text.editWatchlist }));
    const edit = await screen.findByRole('dialog', { name: text.editHeader });
    expect((within(edit).getByRole('checkbox', { name: 'Symbol' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(edit).queryByRole('checkbox', { name: 'OI' })).toBeNull();
    await user.click(within(edit).getByRole('tab', { name: 'FUTURE' }));
    expect(within(edit).getByRole('checkbox', { name: 'OI' })).toBeTruthy();
    await user.click(within(edit).getByRole('tab', { name: 'EQUITY' }));
    await user.click(within(edit).getByRole('checkbox', { name: 'Exchange' }));
    const name = within(edit).getByLabelText(text.nameLabel);
    await user.clear(name);
    await user.type(name, 'Core');
    await user.click(within(edit).getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/Watchlist/UpdateGroup')).toBe(true));
    const saved = server.calls.find((c) => c.path === '/Watchlist/UpdateGroup')!.data as {
      name: string;
      settings: { equityColumns: number[] };
    };
    expect(saved.name).toBe('Core');
    expect(saved.settings.equityColumns).toContain(14);
    await waitFor(() =>
      expect(
        within(pane(1))
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toContain('Exchange'),
    );
  });

  it('edit watchlist: the name input stops at 10 characters, as the add dialog (trading.md 5.3, 9)', async () => {
    serve();
    renderPage();
    await ready();
    const user = userEvent.setup();
    await within(pane(1)).findByText('RELIANCE');
    await user.click(within(pane(1)).getByRole('button', { name: text.editWatchlist }));
    const edit = await screen.findByRole('dialog', { name: text.editHeader });
    const name = within(edit).getByLabelText(text.nameLabel) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Intraday longs');
    expect(name.value).toBe('Intraday l');
  });
});
