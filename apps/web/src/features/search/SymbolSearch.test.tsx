import { deriveAbilities, type SearchResult } from '@kite/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { fakeServer } from '../../test/fake-server.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { SymbolSearch } from './SymbolSearch.tsx';
import { niftyFuture, niftyOptions, niftySpread, relaxo, reliance, result, symbolObject, unrelated } from './testing/search-fixtures.ts';

const guarSeedFuture = result({
  sym: { ...symbolObject({ id: '900', exc: 'NCDEX', instr: 'FUTCOM', xSym: 'GUARSEED-NOV' }), exc_seg: 'ncx_fo' },
  displaySym: 'GUARSEED NOV FUT',
  companyName: 'Guar Seed',
});

const SEGMENT_TEXT = 'You have not subscribed to trade in this segment. Please contact your RM or customer service.';
const everything = deriveAbilities(
  loginFixture({ equity_flag: 'Y', fno_permission: 'Y', cds_nse_permission: 'Y', commodity_flag_mcx: 'Y' }).accountDetails,
  loginFixture().flags,
);
/** Like DEMO2: equity on NSE and BSE, nothing else. */
const equityOnly = deriveAbilities(loginFixture({ equity_flag: 'Y', bse_permission: 'Y' }).accountDetails, loginFixture().flags);

function answering(rows: (data: Record<string, unknown>) => SearchResult[]) {
  return fakeServer({ '/Trade/SymbolSearch': (data) => ({ data: { searchResults: rows(data) } }) });
}

function setup(props: Partial<Parameters<typeof SymbolSearch>[0]> = {}) {
  const onChoose = vi.fn<(scrip: ScripRef) => void>();
  const onTrade = vi.fn<(scrip: ScripRef, side: 'BUY' | 'SELL') => void>();
  render(<SymbolSearch context="header" abilities={everything} onChoose={onChoose} onTrade={onTrade} {...props} />);
  const input = screen.getByRole('searchbox', { name: 'Search scrips' });
  act(() => input.focus());
  return { onChoose, onTrade, user: userEvent.setup(), input };
}

const optionNames = () => screen.getAllByRole('option').map((o) => o.textContent?.match(/^[A-Z ]+?(?=NSE|NFO)/)?.[0]);
const resultRow = () => within(screen.getByRole('listbox', { name: 'Search results' })).getByRole('option');

afterEach(() => vi.unstubAllGlobals());

describe('symbol search (trading.md 2.7, 4.6, 5.2)', () => {
  it('asks for more text below 3 characters, then searches and filters the answer by symbol or company', async () => {
    const server = answering(() => [reliance, unrelated, relaxo]);
    const { user, input } = setup();
    expect(input.getAttribute('placeholder')).toBe('Search by Scrip name or Company name');
    await user.type(input, 're');
    expect(screen.getByText('Search by Scrip name or Company name')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(server.calls).toHaveLength(0);
    await user.type(input, 'l');
    await screen.findByRole('listbox', { name: 'Search results' });
    expect(server.calls).toEqual([{ path: '/Trade/SymbolSearch', data: { search: 'rel', tab: 'equity', filters: [], sorting: [] } }]);
    expect(optionNames()).toEqual(['RELIANCE', 'RELAXO']);
    expect(screen.getAllByRole('option')[0]?.textContent).toContain('1,518.90');
    expect(screen.getAllByRole('option')[0]?.textContent).toContain('-0.81%');
  });

  it('shows No results found for an empty answer and the server message for an error', async () => {
    let fail = false;
    fakeServer({
      '/Trade/SymbolSearch': () =>
        fail ? { infoID: 'MKT002', infoMsg: SEGMENT_TEXT } : { data: { searchResults: [] } },
    });
    const { user, input } = setup();
    await user.type(input, 'zzz');
    expect(await screen.findByText('No results found')).toBeTruthy();
    fail = true;
    await user.type(input, 'z');
    expect((await screen.findByRole('alert')).textContent).toBe(SEGMENT_TEXT);
  });

  it('searches FnO from 2 characters with the Future filter; a tab or button change resets the results', async () => {
    const server = answering((data) => ((data.filters as { value: string }[])[0]?.value === 'SPREAD' ? [niftySpread] : [niftyFuture]));
    const { user, input } = setup({ abilities: { ...everything, spreadSearch: true } });
    await user.click(screen.getByRole('tab', { name: 'FnO' }));
    expect(screen.getByRole('tab', { name: 'FnO' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Future' }).getAttribute('aria-pressed')).toBe('true');
    await user.type(input, 'ni');
    await screen.findByText('NIFTY NOV FUT');
    expect(server.calls.at(-1)?.data).toEqual({ search: 'ni', tab: 'fno', filters: [{ name: 'assetClass', value: 'FUTURE' }], sorting: [] });
    await user.click(screen.getByRole('button', { name: 'Spread' }));
    await waitFor(() => expect(screen.queryByText('NIFTY NOV FUT')).toBeNull());
    await screen.findByText('NIFTY NOV-DEC SPREAD');
    expect(screen.getByText('Not tradable')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /BUY NIFTY NOV-DEC/ })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Currency' }));
    expect(screen.queryByText('NIFTY NOV-DEC SPREAD')).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent).filter((t) => ['Future', 'Option', 'Spread', 'Spot'].includes(t ?? ''))).toEqual([
      'Future',
      'Option',
      'Spread',
      'Spot',
    ]);
  });

  it('moves with the arrow keys one result per press and opens the chosen one with Enter', async () => {
    answering(() => [reliance, relaxo]);
    const { user, input, onChoose } = setup();
    await user.type(input, 'rel');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith({
      sym: relaxo.sym,
      displaySym: 'RELAXO',
      companyName: 'Relaxo Footwears Ltd',
      streamSym: 'RELAXO-EQ',
      tradable: true,
    });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('in an order context a spread row cannot be chosen', async () => {
    answering(() => [niftySpread, niftyFuture]);
    const { user, input, onChoose } = setup({ context: 'order', onTrade: undefined, layout: 'inline' });
    await user.click(screen.getByRole('tab', { name: 'FnO' }));
    await user.type(input, 'nifty');
    await user.click(await screen.findByText('NIFTY NOV-DEC SPREAD'));
    expect(onChoose).not.toHaveBeenCalled();
    await user.click(screen.getByText('NIFTY NOV FUT'));
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(onChoose.mock.calls[0]?.[0].displaySym).toBe('NIFTY NOV FUT');
  });

  it('walks the option flow: company, first expiry, call or put, strike, then the row', async () => {
    answering(() => [niftyOptions]);
    const { user, input, onChoose } = setup();
    await user.click(screen.getByRole('tab', { name: 'FnO' }));
    await user.click(screen.getByRole('button', { name: 'Option' }));
    await user.type(input, 'nifty');
    await user.click(await screen.findByText('NIFTY'));
    const expiry = screen.getByRole('combobox', { name: 'Expiry' }) as HTMLSelectElement;
    expect(expiry.value).toBe('2026-11-24');
    expect((screen.getByRole('combobox', { name: 'Strike' }) as HTMLSelectElement).value).toBe('26000');
    expect(resultRow().textContent).toContain('NIFTY 2026-11-24 26000 CE');
    await user.click(screen.getByRole('radio', { name: 'Put' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Strike' }), '26100');
    expect(resultRow().textContent).toContain('NIFTY 2026-11-24 26100 PE');
    await user.selectOptions(expiry, '2026-12-01');
    expect(resultRow().textContent).toContain('NIFTY 2026-12-01 26100 PE');
    await user.click(resultRow());
    expect(onChoose.mock.calls[0]?.[0].sym.xSym).toBe('NIFTY2026-12-0126100PE');
  });

  it('shows an equity-only client the Equity and Index tabs only, and no derivatives on Index', async () => {
    const server = answering(() => []);
    const { user, input } = setup({ abilities: equityOnly });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Equity', 'Index']);
    await user.click(screen.getByRole('tab', { name: 'Index' }));
    expect(screen.queryByRole('group', { name: 'Instrument type' })).toBeNull();
    await user.type(input, 'nif');
    await screen.findByText('No results found');
    expect(server.calls.at(-1)?.data).toEqual({ search: 'nif', tab: 'index', filters: [], sorting: [] });
  });

  it('starts on the first tab the client has when asked for one it lacks', () => {
    setup({ abilities: equityOnly, initialTab: 'fno' });
    expect(screen.getByRole('tab', { name: 'Equity' }).getAttribute('aria-selected')).toBe('true');
  });

  it('disables BUY and SELL with the spec text on a row of an exchange the client lacks', async () => {
    // An MCX-only client: the server answers MCX rows only, but the buttons do not rely on that.
    const mcxOnly = deriveAbilities(loginFixture({ commodity_flag_mcx: 'Y' }).accountDetails, loginFixture().flags);
    answering(() => [guarSeedFuture]);
    const { user, input, onTrade } = setup({ abilities: mcxOnly });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Index', 'Commodity']);
    await user.click(screen.getByRole('tab', { name: 'Commodity' }));
    await user.type(input, 'guar');
    await screen.findByText('GUARSEED NOV FUT');
    const buy = screen.getByRole('button', { name: 'BUY GUARSEED NOV FUT' }) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);
    expect(buy.title).toBe(SEGMENT_TEXT);
    expect((screen.getByRole('button', { name: 'SELL GUARSEED NOV FUT' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toBe(SEGMENT_TEXT);
    expect(onTrade).not.toHaveBeenCalled();
  });

  it('lets a permitted client trade from a row', async () => {
    answering(() => [reliance]);
    const { user, input, onTrade, onChoose } = setup();
    await user.type(input, 'reliance');
    await user.click(await screen.findByRole('button', { name: 'SELL RELIANCE' }));
    expect(onTrade).toHaveBeenCalledWith(expect.objectContaining({ displaySym: 'RELIANCE' }), 'SELL');
    expect(onChoose).not.toHaveBeenCalled();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
