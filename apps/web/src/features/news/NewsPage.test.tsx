import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { newsText, type NewsItem } from '@kite/domain';
import { fakeServer } from '../../test/fake-server.ts';
import { NewsPage } from './NewsPage.tsx';
import { DiscussionCloudWidget, DerivativeNewsWidget } from './widgets/index.ts';

afterEach(() => vi.unstubAllGlobals());

function story(sno: number, heading: string, sentiment: 0 | 1 | 2 = 1): NewsItem {
  return {
    sno,
    heading,
    title: `Title of ${sno}`,
    companyname: '',
    keyword: 'Market wrap',
    sentiment,
    datetime: `2026-11-27 11:${String(sno).padStart(2, '0')}:00`,
    date: '27-11-2026',
    description: 'short',
    symbol: '',
  };
}

function renderAt(path: string, element = <NewsPage />) {
  const router = createMemoryRouter(
    [
      { path: '/home/news', element },
      { path: '/home/news/*', element },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const text = newsText.page.sections;

describe('news dashboard /home/news (investing.md 2 "News")', () => {
  it('shows the four sections, six stories each asked for; a section expands alone with thirty', async () => {
    const server = fakeServer({
      '/News/GetLiveNews': (data) => ({
        data: { news: [story(1, `${String(data.section)} one`), story(2, `${String(data.section)} two`, 2)] },
      }),
    });
    const router = renderAt('/home/news');
    for (const name of [
      text['hot-pursuit'],
      text['foreign-markets'],
      text['economy-news'],
      text['corporate-results'],
    ]) {
      expect(await screen.findByRole('region', { name })).toBeTruthy();
    }
    await screen.findByText('economy-news two');
    expect(server.calls.map((c) => c.data).sort((a, b) => String(a.section).localeCompare(String(b.section)))).toEqual([
      { section: 'corporate-results', recordcount: 6 },
      { section: 'economy-news', recordcount: 6 },
      { section: 'foreign-markets', recordcount: 6 },
      { section: 'hot-pursuit', recordcount: 6 },
    ]);
    await userEvent.setup().click(screen.getByRole('link', { name: newsText.page.expand(text['economy-news']) }));
    expect(router.state.location.pathname).toBe('/home/news/economy-news');
    expect(await screen.findByRole('heading', { level: 1, name: `News: ${text['economy-news']}` })).toBeTruthy();
    expect(screen.queryByRole('region', { name: text['hot-pursuit'] })).toBeNull();
    await vi.waitFor(() => expect(server.calls.at(-1)?.data).toEqual({ section: 'economy-news', recordcount: 30 }));
    await userEvent.setup().click(screen.getByRole('link', { name: newsText.page.back }));
    expect(router.state.location.pathname).toBe('/home/news');
  });

  it('opens a story as an accordion with its text, one at a time', async () => {
    const server = fakeServer({
      '/News/GetLiveNews': () => ({ data: { news: [story(1, 'Nifty gains 0.50%'), story(2, 'Rupee weakens')] } }),
      '/News/GetLiveNewsDetails': (data) => ({
        data: {
          sno: data.sno,
          heading: 'h',
          datetime: '2026-11-27 11:01:00',
          arttext: `First paragraph ${String(data.sno)}.\n\nSecond paragraph.`,
        },
      }),
    });
    renderAt('/home/news/hot-pursuit');
    const user = userEvent.setup();
    const first = await screen.findByRole('button', { name: /Nifty gains 0.50%/ });
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(within(first).getByRole('img', { name: 'Bullish' })).toBeTruthy();
    await user.click(first);
    expect(await screen.findByText('First paragraph 1.')).toBeTruthy();
    expect(screen.getByText('Second paragraph.')).toBeTruthy();
    expect(first.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: /Rupee weakens/ }));
    expect(await screen.findByText('First paragraph 2.')).toBeTruthy();
    expect(screen.queryByText('First paragraph 1.')).toBeNull();
    expect(server.calls.filter((c) => c.path === '/News/GetLiveNewsDetails').map((c) => c.data)).toEqual([
      { sno: 1 },
      { sno: 2 },
    ]);
  });

  it("shows the server's message in the section's error area and a no-data message when empty", async () => {
    fakeServer({
      '/News/GetLiveNews': (data) =>
        data.section === 'hot-pursuit' ? { infoID: 'EGN002', infoMsg: 'News is unavailable.' } : { data: { news: [] } },
    });
    renderAt('/home/news');
    const top = await screen.findByRole('region', { name: text['hot-pursuit'] });
    expect((await within(top).findByRole('alert')).textContent).toBe('News is unavailable.');
    const corporate = screen.getByRole('region', { name: text['corporate-results'] });
    expect(await within(corporate).findByText(newsText.list.empty)).toBeTruthy();
  });
});

describe('news widgets', () => {
  it('sends the derivative widget symbol instead of a section', async () => {
    const server = fakeServer({
      '/News/DerivativeSymbolNews': () => ({ data: { news: [story(3, 'NIFTY DEC FUT up 0.40%')] } }),
    });
    renderAt('/home/news', <DerivativeNewsWidget expanded={false} />);
    await screen.findByText('NIFTY DEC FUT up 0.40%');
    expect(server.calls[0]?.data).toEqual({ symbol: '', recordcount: 6 });
    await userEvent
      .setup()
      .selectOptions(screen.getByRole('combobox', { name: newsText.derivative.symbol }), 'BANKNIFTY');
    await vi.waitFor(() => expect(server.calls.at(-1)?.data).toEqual({ symbol: 'BANKNIFTY', recordcount: 6 }));
  });

  it('sizes the discussion cloud by weight, four symbols small and thirty expanded', async () => {
    const server = fakeServer({
      '/News/StockDiscCloud': () => ({
        data: {
          news: [
            { symbol: 'TCS', companyname: 'Tata Consultancy Services Ltd.', weight: 100, sentiment: 1 },
            { symbol: 'INFY', companyname: 'Infosys Ltd.', weight: 40, sentiment: 2 },
          ],
        },
      }),
    });
    renderAt('/home/news', <DiscussionCloudWidget expanded={false} />);
    const tcs = await screen.findByText('TCS');
    const infy = screen.getByText('INFY');
    expect(parseFloat(tcs.style.fontSize)).toBeGreaterThan(parseFloat(infy.style.fontSize));
    expect(infy.getAttribute('aria-label')).toBe('INFY: weight 40, Bearish');
    expect(server.calls[0]?.data).toEqual({ recordcount: 4 });
  });
});
