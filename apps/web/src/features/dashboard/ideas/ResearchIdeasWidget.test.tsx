import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newsText, type ResearchIdea } from '@kite/domain';
import { loginFixture } from '../../../app/shell/testing/login-fixture.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { fakeServer } from '../../../test/fake-server.ts';
import { selectedScrip } from '../../market-data/selected-scrip.ts';
import { setOrderDialogOpener } from '../../shell-dialogs/index.ts';
import { ResearchIdeasWidget } from './ResearchIdeasWidget.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut();
});

const text = newsText.ideas;

function idea(callid: number, displaySym: string, change: Partial<ResearchIdea> = {}): ResearchIdea {
  return {
    callid,
    calltype: 'BUY',
    displaySym,
    sym: { id: `${callid}`, exc: 'NSE', exc_seg: 'nse_cm', instr: 'STK', xSym: `${callid}_NSE` },
    streamSym: displaySym,
    companyName: `${displaySym} Ltd.`,
    exchange: 'NSE',
    segment: 'EQUITY',
    category: 'technical',
    subcategory: 'INTRADAY',
    entryprice1: '100.00',
    targetprice1: '101.00',
    targetprice2: '102.00',
    stoplossprice1: '99.40',
    callstatus: 'Open',
    statusdate: '',
    callexpiry: '27-11-2026',
    calldescription: `Buy ${displaySym} on a breakout.`,
    callsenttime: `27-11-2026 10:0${callid}`,
    ...change,
  };
}

function renderWidget(expanded: boolean) {
  sessionStore.signIn(loginFixture({ equity_flag: 'Y' }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ResearchIdeasWidget expanded={expanded} />
    </QueryClientProvider>,
  );
}

const rows = () => screen.getAllByRole('row').slice(1);
const symbols = () => rows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('research ideas widget (investing.md 2 "Research ideas", 4 "Research", 5, 9)', () => {
  it('shows three ideas per tab in the compact form; each tab asks for its own segment and category', async () => {
    const server = fakeServer({
      '/Ideas/GetResearchCalls': () => ({ data: { ideas: [idea(1, 'TCS'), idea(2, 'INFY')] } }),
    });
    renderWidget(false);
    await screen.findByText('TCS');
    expect(server.calls[0]?.data).toEqual({
      segment: 'EQUITY',
      category: 'technical',
      subcategory: 'ALL CALLS',
      recordcount: 3,
    });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Commodity' }));
    await vi.waitFor(() =>
      expect(server.calls.at(-1)?.data).toEqual({
        segment: 'COM',
        category: 'fundamental',
        subcategory: 'ALL CALLS',
        recordcount: 3,
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'FNO' }));
    await vi.waitFor(() =>
      expect(server.calls.at(-1)?.data).toEqual({
        segment: 'DERIVATIVE',
        category: 'derivative',
        subcategory: 'ALL CALLS',
        recordcount: 3,
      }),
    );
  });

  it('expanded: category radio (not for FNO), call-type filter reset by a tab switch, search and number sort', async () => {
    const server = fakeServer({
      '/Ideas/GetResearchCalls': () => ({
        data: {
          ideas: [
            idea(1, 'TCS', {
              entryprice1: '3100.00',
              targetprice1: '3130.00',
              targetprice2: '',
              stoplossprice1: '230',
            }),
            idea(2, 'INFY', {
              entryprice1: '1500.50',
              targetprice1: '1515.50',
              calldescription: 'Momentum pick in IT',
            }),
            idea(3, 'SBIN', { entryprice1: '800.00', targetprice1: '808.00', exchange: 'BSE' }),
          ],
        },
      }),
    });
    renderWidget(true);
    await screen.findByText('TCS');
    expect(server.calls[0]?.data).toMatchObject({ recordcount: 30 });
    // Newest first as sent; the stop-loss of "230" shows NA.
    expect(symbols()).toEqual(['SBINBSE', 'INFYNSE', 'TCSNSE']);
    expect(within(rows()[2]!).getByText('NA')).toBeTruthy();
    expect(within(rows()[2]!).getByText('3,100.00')).toBeTruthy();
    expect(within(rows()[2]!).getByText('3,130.00')).toBeTruthy();
    expect(within(rows()[1]!).getByText('1,500.50')).toBeTruthy();
    expect(within(rows()[1]!).getByText('1,515.50 / 102.00')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Fundamental' }));
    const filter = screen.getByRole('combobox', { name: text.callType }) as HTMLSelectElement;
    expect([...filter.options].map((o) => o.value)).toEqual(['ALL CALLS', 'MIDCAP IDEAS', 'LONGTERM IDEAS']);
    await user.selectOptions(filter, 'MIDCAP IDEAS');
    await vi.waitFor(() =>
      expect(server.calls.at(-1)?.data).toEqual({
        segment: 'EQUITY',
        category: 'fundamental',
        subcategory: 'MIDCAP IDEAS',
        recordcount: 30,
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'FNO' }));
    expect(screen.queryByRole('radiogroup', { name: text.category })).toBeNull();
    expect((screen.getByRole('combobox', { name: text.callType }) as HTMLSelectElement).value).toBe('ALL CALLS');
    await user.click(screen.getByRole('tab', { name: 'Equity' }));
    expect((screen.getByRole('radio', { name: 'Technical' }) as HTMLInputElement).checked).toBe(true);
    await screen.findByText('TCS');

    await user.selectOptions(screen.getByRole('combobox', { name: text.sort }), 'entryprice1');
    await user.selectOptions(screen.getByRole('combobox', { name: text.sortDirectionLabel }), 'ASC');
    expect(symbols()).toEqual(['SBINBSE', 'INFYNSE', 'TCSNSE']);
    await user.selectOptions(screen.getByRole('combobox', { name: text.sortDirectionLabel }), 'DSC');
    expect(symbols()).toEqual(['TCSNSE', 'INFYNSE', 'SBINBSE']);
    await user.type(screen.getByRole('searchbox', { name: text.search }), 'momentum');
    expect(symbols()).toEqual(['INFYNSE']);
    await user.clear(screen.getByRole('searchbox', { name: text.search }));
    await user.type(screen.getByRole('searchbox', { name: text.search }), 'bse');
    expect(symbols()).toEqual(['SBINBSE']);
    await user.type(screen.getByRole('searchbox', { name: text.search }), 'zzz');
    expect(screen.getByText(text.noMatch)).toBeTruthy();
  });

  it('trades a call on its side through the order dialog and shows its description popover', async () => {
    const open = vi.fn();
    setOrderDialogOpener({ open, isOpen: () => false, toggleMarketDepth: () => undefined });
    fakeServer({
      '/Ideas/GetResearchCalls': () => ({
        data: {
          ideas: [idea(4, 'WIPRO', { calltype: 'SELL', callstatus: 'Target Hit', statusdate: '27-11-2026 11:20' })],
        },
      }),
    });
    renderWidget(true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'SELL WIPRO' }));
    expect(open).toHaveBeenCalledWith('SELL');
    expect(selectedScrip.get()?.displaySym).toBe('WIPRO');
    await user.click(screen.getByRole('button', { name: text.description('WIPRO') }));
    const popover = screen.getByRole('dialog', { name: text.description('WIPRO') });
    expect(popover.textContent).toContain('Target Hit on 27/11/2026 11:20');
    expect(popover.textContent).toContain('Buy WIPRO on a breakout.');
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    act(() => void document.body.dispatchEvent(escape));
    expect(escape.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's message in place of the list, and a no-data message for none", async () => {
    fakeServer({
      '/Ideas/GetResearchCalls': () => ({
        infoID: 'NWS004',
        infoMsg: 'This call type is not offered for the category.',
      }),
    });
    renderWidget(false);
    expect((await screen.findByRole('alert')).textContent).toContain('This call type is not offered for the category.');
  });

  it('says when there are no calls', async () => {
    fakeServer({ '/Ideas/GetResearchCalls': () => ({ data: { ideas: [] } }) });
    renderWidget(false);
    expect(await screen.findByText(text.empty)).toBeTruthy();
  });
});
