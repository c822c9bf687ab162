import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { HelpPage } from './HelpPage.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('Help (/home/help)', () => {
  it('points to the FAQ, the statements, the user guide and customer care, and lists the keyboard shortcuts', async () => {
    fakeServer({
      '/App/Config': () => ({
        data: { customerCare: { phones: ['022-4000-1234'], email: 'care@kite-india.example' } },
      }),
    });
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <HelpPage documentUrl="https://docs.example/help.pdf" />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Help', level: 1 })).toBeDefined();
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/home/faq');
    expect(screen.getByRole('link', { name: 'Digital Contract Note' }).getAttribute('href')).toBe(
      '/home/digitalcontractnote',
    );
    const guide = screen.getByRole('link', { name: /User guide \(PDF\)/ });
    expect(guide.getAttribute('href')).toBe('https://docs.example/help.pdf');
    expect(guide.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/home/contactus');
    expect(await screen.findByText(/022-4000-1234 or care@kite-india\.example/)).toBeDefined();
    const shortcuts = screen.getByRole('table', { name: 'Keyboard shortcuts' });
    const buy = within(shortcuts).getByText('New BUY order').closest('tr')!;
    expect(buy.textContent).toBe('F1 or +New BUY order');
    expect(within(shortcuts).getByText('Net Positions').closest('tr')!.textContent).toContain('F10');
    expect(within(shortcuts).getAllByRole('row')).toHaveLength(10);
  });
});
