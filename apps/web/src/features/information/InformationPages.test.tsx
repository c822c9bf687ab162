import type { CorporateAction, ExchangeMessage, LoginAlert } from '@kite/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderWithClient } from '../../test/render-with-client.tsx';
import { CorporateActionPage } from './CorporateActionPage.tsx';
import { ExchangeMessagesPage } from './ExchangeMessagesPage.tsx';
import { ImportantLinksPage } from './ImportantLinksPage.tsx';
import { LoginAlertPage } from './LoginAlertPage.tsx';
import { AboutPage, ContactPage, FaqPage, TermsPage } from './TextPages.tsx';

afterEach(() => vi.unstubAllGlobals());

const istDate = (days: number): string =>
  new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

describe('text pages (about, terms, FAQ, contact)', () => {
  it('shows about and terms from the catalogue', () => {
    renderWithClient(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Memberships' })).toBeDefined();
    // platform.md 1: clients trade on NSE, BSE, MCX and NCDEX.
    expect(screen.getByText(/^Trading member of/).textContent).toContain('NSE, BSE, MCX and NCDEX');
  });

  it('shows the terms sections', () => {
    renderWithClient(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Orders and execution' })).toBeDefined();
  });

  it('opens a FAQ answer on its question', async () => {
    renderWithClient(<FaqPage />);
    const question = screen.getByText('How do I apply for an IPO?');
    const details = question.closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(question);
    expect(details.open).toBe(true);
  });

  it('answers the trading hours as the exchanges keep them: F&O trades to 3:40 pm since 3-Aug-2026', async () => {
    renderWithClient(<FaqPage />);
    const question = screen.getByText('What are the trading hours?');
    await userEvent.click(question);
    const answer = question.closest('details')!.textContent ?? '';
    // market-facts.md 2.1 and 2.2: equity 09:15-15:30, F&O 09:15-15:40 (as /home/markettimings shows them).
    expect(answer).toContain('Equity: 9:15 am to 3:30 pm');
    expect(answer).toContain('F&O: 9:15 am to 3:40 pm');
  });

  it("contact: customer care numbers and e-mail are /App/Config's customerCare", async () => {
    fakeServer({
      '/App/Config': () => ({
        data: { customerCare: { phones: ['1800-123-4567', '022-5555-0000'], email: 'care@example.in' } },
      }),
    });
    renderWithClient(<ContactPage />);
    const phone = await screen.findByRole('link', { name: '1800-123-4567' });
    expect(phone.getAttribute('href')).toBe('tel:18001234567');
    expect(screen.getByRole('link', { name: '022-5555-0000' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'care@example.in' }).getAttribute('href')).toBe('mailto:care@example.in');
  });

  it('contact: says so when the configuration cannot be read', async () => {
    fakeServer({ '/App/Config': () => ({ infoID: 'EGN002', infoMsg: 'Something went wrong' }) });
    renderWithClient(<ContactPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Customer care details could not be loaded.');
  });
});

describe('Important Links', () => {
  it('groups the links and opens each in a new tab', async () => {
    fakeServer({
      '/Info/GetImportantLinks': () => ({
        data: {
          links: [
            { group: 'Exchanges', name: 'NSE', description: 'Circulars', url: 'https://www.nseindia.com/' },
            { group: 'Regulator', name: 'SEBI', description: 'The regulator', url: 'https://www.sebi.gov.in/' },
            { group: 'Exchanges', name: 'BSE', description: 'Notices', url: 'https://www.bseindia.com/' },
          ],
        },
      }),
    });
    renderWithClient(<ImportantLinksPage />);
    const exchanges = await screen.findByRole('article', { name: 'Exchanges' });
    expect(
      within(exchanges)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['https://www.nseindia.com/', 'https://www.bseindia.com/']);
    const sebi = screen.getByRole('link', { name: /SEBI/ });
    expect(sebi.getAttribute('target')).toBe('_blank');
    expect(sebi.getAttribute('rel')).toContain('noopener');
  });

  it("shows the server's message when the links cannot be read", async () => {
    fakeServer({ '/Info/GetImportantLinks': () => ({ infoID: 'EGN002', infoMsg: 'Something went wrong' }) });
    renderWithClient(<ImportantLinksPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});

describe('Exchange Messages', () => {
  const message = (id: string, exchange: ExchangeMessage['exchange'], subject: string): ExchangeMessage => ({
    id,
    exchange,
    category: 'Trading',
    subject,
    message: `${subject} in full`,
    postedAt: '2026-11-26 14:05:00',
  });

  it('lists the notices with day-first IST times and filters them by exchange', async () => {
    fakeServer({
      '/Info/GetExchangeMessages': () => ({
        data: { messages: [message('1', 'NSE', 'Mock trading'), message('2', 'MCX', 'Extended hours')] },
      }),
    });
    renderWithClient(<ExchangeMessagesPage />);
    expect(await screen.findByText('Mock trading')).toBeDefined();
    expect(screen.getByText('Mock trading in full')).toBeDefined();
    expect(screen.getAllByText('26/11/2026 14:05:00')).toHaveLength(2);
    await userEvent.selectOptions(screen.getByLabelText('Exchange'), 'MCX');
    expect(screen.queryByText('Mock trading')).toBeNull();
    expect(screen.getByText('Extended hours')).toBeDefined();
    await userEvent.selectOptions(screen.getByLabelText('Exchange'), 'CDSL');
    expect(screen.getByText('There are no exchange messages.')).toBeDefined();
  });
});

describe('Login Alert', () => {
  const login = (id: string, current: boolean, device: string): LoginAlert => ({
    id,
    loginTime: '2026-11-27 09:12:03',
    ip: '203.0.113.7',
    device,
    method: 'OTP',
    current,
  });

  it('lists the logins and marks the current session', async () => {
    fakeServer({
      '/Info/GetLoginAlerts': () => ({
        data: { logins: [login('2', true, 'Chrome on Windows'), login('1', false, 'Firefox on Linux')] },
      }),
    });
    renderWithClient(<LoginAlertPage />);
    const current = (await screen.findByText('Chrome on Windows')).closest('tr')!;
    expect(within(current).getByText('This session')).toBeDefined();
    expect(within(current).getByText('27/11/2026 09:12:03')).toBeDefined();
    expect(within(current).getByText('Password + OTP')).toBeDefined();
    const other = screen.getByText('Firefox on Linux').closest('tr')!;
    expect(within(other).queryByText('This session')).toBeNull();
  });

  it("shows the server's message in place of the table", async () => {
    fakeServer({ '/Info/GetLoginAlerts': () => ({ infoID: 'EGN006', infoMsg: 'Session expired' }) });
    renderWithClient(<LoginAlertPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Session expired');
  });
});

describe('Corporate Action Report', () => {
  const action = (id: string, symbol: string, type: CorporateAction['type'], days: number): CorporateAction => ({
    id,
    symbol,
    companyName: `${symbol} Ltd.`,
    exchange: 'NSE',
    type,
    purpose: `${type} of ${symbol}`,
    exDate: istDate(days),
    recordDate: istDate(days),
  });

  it('shows upcoming actions nearest first, past ones on asking, and filters by type', async () => {
    fakeServer({
      '/Info/CorpActions': () => ({
        data: {
          actions: [
            action('1', 'ITC', 'DIVIDEND', 15),
            action('2', 'TCS', 'DIVIDEND', 4),
            action('3', 'HDFCBANK', 'BONUS', 12),
            action('4', 'WIPRO', 'BONUS', -25),
          ],
        },
      }),
    });
    renderWithClient(<CorporateActionPage />);
    await screen.findByText('TCS');
    const symbols = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(symbols()).toEqual(['TCS', 'HDFCBANK', 'ITC']);
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'BONUS');
    expect(symbols()).toEqual(['HDFCBANK']);
    await userEvent.click(screen.getByRole('radio', { name: 'Past' }));
    expect(symbols()).toEqual(['WIPRO']);
    expect(screen.getAllByText(istDate(-25).split('-').reverse().join('/'))).toHaveLength(2);
  });
});
