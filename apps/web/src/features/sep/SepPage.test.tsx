import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../components/dialog/index.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { renderWithClient } from '../../test/render-with-client.tsx';
import { istToday, nextDay } from './sep-dates.ts';
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
    const start = nextDay(istToday());
    const [y, m, d] = start.split('-').map(Number) as [number, number, number];
    const end = new Date(Date.UTC(y, m - 1, d + 14)).toISOString().slice(0, 10);
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe(end.split('-').reverse().join('/'));
    expect(
      await screen.findByText(
        'Helpdesk: 1800-000-0000 or helpdesk@kite-india.example, Monday to Friday, 9:00 am to 6:00 pm.',
      ),
    ).toBeDefined();
    const download = screen.getByRole('link', { name: 'Download NACH / ECS mandate form' });
    expect(download.getAttribute('download')).toBe('nach-ecs-mandate-form.html');
    expect(decodeURIComponent(download.getAttribute('href')!)).toContain('NACH / ECS Debit Mandate');
  });

  it('refuses an amount under the minimum and a start date that is not after today', async () => {
    renderSep();
    await userEvent.click(screen.getByLabelText('Minimum Amount (500.00)'));
    const amount = screen.getByLabelText('Amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '499.99');
    await userEvent.click(screen.getByRole('button', { name: 'CONFIRM ORDER' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter an amount of at least 500.00.');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2500');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: istToday() } });
    await userEvent.click(screen.getByRole('button', { name: 'CONFIRM ORDER' }));
    expect(screen.getByRole('alert').textContent).toBe('The start date must be from tomorrow onwards.');
    expect(screen.queryByRole('heading', { name: 'Confirm SEP order' })).toBeNull();
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
