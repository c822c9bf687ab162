import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../components/dialog/index.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { renderWithClient } from '../../test/render-with-client.tsx';
import { addIsoDays, displayDate } from '@kite/domain';
import { istToday } from '../../components/inputs/date-format.ts';
import { SepForm } from './SepForm.tsx';
import { SepPage } from './SepPage.tsx';

afterEach(() => {
  closeAllDialogs();
  vi.unstubAllGlobals();
});

function renderSep() {
  const server = fakeServer({
    '/App/Config': () => ({
      data: { customerCare: { phones: ['1800-000-0000'], email: 'helpdesk@kite-india.example' } },
    }),
  });
  renderWithClient(<SepPage />);
  return server;
}

describe('SEP mock-up (/home/sep)', () => {
  it('starts at the minimum amount, ticked, with the end date worked out from the installments', async () => {
    renderSep();
    const amount = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(amount.value).toBe('500.00');
    expect(amount.disabled).toBe(true);
    expect((screen.getByLabelText('Minimum Amount (500.00)') as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByLabelText('Installments')).getAllByRole('option')).toHaveLength(12);
    await userEvent.click(screen.getByRole('radio', { name: 'WEEKLY' }));
    await userEvent.selectOptions(screen.getByLabelText('Installments'), '3');
    const start = addIsoDays(istToday(), 1);
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe(displayDate(start));
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe(displayDate(addIsoDays(start, 14)));
    expect(
      await screen.findByText(
        'Helpdesk: 1800-000-0000 or helpdesk@kite-india.example, Monday to Friday, 9:00 am to 6:00 pm.',
      ),
    ).toBeDefined();
    const download = screen.getByRole('link', { name: 'Download NACH / ECS mandate form' });
    expect(download.getAttribute('download')).toBe('nach-ecs-mandate-form.html');
    expect(decodeURIComponent(download.getAttribute('href')!)).toContain('NACH / ECS Debit Mandate');
  });

  it('refuses an amount under the minimum', async () => {
    renderSep();
    await userEvent.click(screen.getByLabelText('Minimum Amount (500.00)'));
    const amount = screen.getByLabelText('Amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '499.99');
    await userEvent.click(screen.getByRole('button', { name: 'CONFIRM ORDER' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter an amount of at least 500.00.');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Confirm SEP order' })).toBeNull();
  });

  it("picks the start date in the app's date picker, from tomorrow (IST) on, shown dd/mm/yyyy", async () => {
    renderSep();
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    await userEvent.click(start);
    const popup = screen.getByRole('dialog', { name: 'Start date' });
    const today = istToday();
    const dayButton = (iso: string) => {
      const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
      const name = new Date(y, m - 1, d).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
      const [month, year] = name.split(' ');
      return within(popup).queryByRole('button', { name: new RegExp(`${month} ${d}(st|nd|rd|th), ${year}`) });
    };
    // The earliest allowed day is tomorrow: today is not offered (it may be on the month before, then not shown).
    expect((dayButton(today) as HTMLButtonElement | null)?.disabled ?? true).toBe(true);
    const later = addIsoDays(today, 3);
    if (later.slice(0, 7) !== addIsoDays(today, 1).slice(0, 7))
      await userEvent.click(within(popup).getByRole('button', { name: /next month/i }));
    await userEvent.click(dayButton(later)!);
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(start.value).toBe(displayDate(later));
    expect(start.value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await userEvent.click(screen.getByRole('radio', { name: 'WEEKLY' }));
    await userEvent.selectOptions(screen.getByLabelText('Installments'), '2');
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe(displayDate(addIsoDays(later, 7)));
  });

  it('marks a start date that is no longer after today as invalid, described by the error line', async () => {
    const today = istToday();
    const initial = {
      scrip: 'TCS',
      exchange: 'NSE' as const,
      frequency: 'MONTHLY' as const,
      amount: '500.00',
      installments: 2,
      startDate: today,
    };
    render(<SepForm initial={initial} onConfirm={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'CONFIRM ORDER' }));
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('The start date must be from tomorrow onwards.');
    const start = screen.getByLabelText('Start date');
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(start.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('goes from the form to the confirm page and, after the confirm dialog, to the success page; deletes with its dialogs', async () => {
    const server = renderSep();
    await userEvent.click(screen.getByRole('radio', { name: 'BSE' }));
    await userEvent.selectOptions(screen.getByLabelText('Scrip'), 'TCS');
    await userEvent.click(screen.getByLabelText('Minimum Amount (500.00)'));
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '1250.50');
    await userEvent.selectOptions(screen.getByLabelText('Installments'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'CONFIRM ORDER' }));

    expect(screen.getByRole('heading', { name: 'Confirm SEP order' })).toBeDefined();
    expect(screen.getByText('5,002.00')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'BACK' }));
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('1250.50');
    await userEvent.click(screen.getByRole('button', { name: 'CONFIRM ORDER' }));
    await userEvent.click(screen.getByRole('button', { name: 'CONFIRM' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(within(confirm).getByText('Do you want to register this SEP?')).toBeDefined();
    await userEvent.click(within(confirm).getByRole('button', { name: 'YES' }));
    const success = await screen.findByRole('alertdialog', { name: 'Success' });
    expect(within(success).getByText('SEP registered successfully.')).toBeDefined();
    await userEvent.click(within(success).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('heading', { name: 'SEP registered' })).toBeDefined();
    const list = screen.getByRole('heading', { name: 'Your SEPs' }).closest('section')!;
    expect(within(list).getByText('TCS')).toBeDefined();
    expect(within(list).getByText('1,250.50 × 4')).toBeDefined();

    await userEvent.click(within(list).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete SEP' })).getByRole('button', { name: 'YES' }),
    );
    const deleted = await screen.findByRole('alertdialog', { name: 'Success' });
    expect(within(deleted).getByText('SEP deleted successfully.')).toBeDefined();
    await userEvent.click(within(deleted).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(list).getByText('No SEP registered in this preview.')).toBeDefined());
    // investing.md 9: SEP makes no call; only the helpdesk contact comes from the app's configuration.
    expect(new Set(server.paths())).toEqual(new Set(['/App/Config']));
  });
});
