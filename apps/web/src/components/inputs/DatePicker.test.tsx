import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from './DatePicker.tsx';
import { earliestPickable, formatDdMmYyyy, parseDdMmYyyy } from './date-format.ts';

const today = new Date(2026, 10, 21);

function Harness({ initial = '', allowFuture = false }: { initial?: string; allowFuture?: boolean }) {
  const [value, setValue] = useState(initial);
  return <DatePicker label="From date" value={value} onChange={setValue} today={today} allowFuture={allowFuture} />;
}

const field = () => screen.getByRole('textbox', { name: 'From date' }) as HTMLInputElement;

describe('date format dd/mm/yyyy (platform.md 9)', () => {
  it('formats and reads back, refusing days that do not exist', () => {
    expect(formatDdMmYyyy(new Date(2024, 1, 9))).toBe('09/02/2024');
    expect(parseDdMmYyyy('09/02/2024')?.getTime()).toBe(new Date(2024, 1, 9).getTime());
    expect(parseDdMmYyyy('31/02/2024')).toBeNull();
    expect(parseDdMmYyyy('2024-02-09')).toBeNull();
  });

  it('reaches seven years back', () => {
    expect(formatDdMmYyyy(earliestPickable(today))).toBe('21/11/2019');
  });
});

describe('DatePicker (platform.md 5)', () => {
  it('opens a named popup with CANCEL and OK, and OK sets the chosen day', async () => {
    const user = userEvent.setup();
    render(<Harness initial="10/11/2026" />);
    await user.click(screen.getByRole('button', { name: 'Choose From date' }));
    const popup = screen.getByRole('dialog', { name: 'From date' });
    await user.click(within(popup).getByRole('button', { name: /November 3rd, 2026/ }));
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(field().value).toBe('03/11/2026');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('CANCEL keeps the old value', async () => {
    const user = userEvent.setup();
    render(<Harness initial="10/11/2026" />);
    await user.click(field());
    const popup = screen.getByRole('dialog', { name: 'From date' });
    await user.click(within(popup).getByRole('button', { name: /November 3rd, 2026/ }));
    await user.click(within(popup).getByRole('button', { name: 'CANCEL' }));
    expect(field().value).toBe('10/11/2026');
  });

  it('refuses days after today unless allowed', async () => {
    const user = userEvent.setup();
    render(<Harness initial="10/11/2026" />);
    await user.click(field());
    const popup = screen.getByRole('dialog', { name: 'From date' });
    const tomorrow = within(popup).getByRole('button', { name: /November 22nd, 2026/ }) as HTMLButtonElement;
    expect(tomorrow.disabled).toBe(true);
  });

  it('allows future days when asked', async () => {
    const user = userEvent.setup();
    render(<Harness initial="10/11/2026" allowFuture />);
    await user.click(field());
    const popup = screen.getByRole('dialog', { name: 'From date' });
    await user.click(within(popup).getByRole('button', { name: /November 22nd, 2026/ }));
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(field().value).toBe('22/11/2026');
  });

  it('offers no year earlier than seven years back', async () => {
    const user = userEvent.setup();
    render(<Harness initial="10/11/2026" />);
    await user.click(field());
    const years = within(screen.getByRole('dialog')).getByRole('combobox', { name: /year/i });
    const options = within(years)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options[0]).toBe('2019');
    expect(options.at(-1)).toBe('2026');
  });
});

describe('DatePicker fixes', () => {
  it('keeps the selected day selected when it is clicked again', async () => {
    const user = userEvent.setup();
    render(<Harness initial="10/11/2026" />);
    await user.click(field());
    const popup = screen.getByRole('dialog', { name: 'From date' });
    const day = () => within(popup).getByRole('button', { name: /November 10th, 2026/ });
    await user.click(day());
    expect((within(popup).getByRole('button', { name: 'OK' }) as HTMLButtonElement).disabled).toBe(false);
    expect(day().closest('[aria-selected="true"]')).not.toBeNull();
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(field().value).toBe('10/11/2026');
  });

  it('refuses days before the earliest allowed date and names its field and error line', async () => {
    const user = userEvent.setup();
    render(
      <DatePicker
        label="Start date"
        id="sep-start"
        errorId="sep-error"
        invalid
        allowFuture
        earliest="22/11/2026"
        value="25/11/2026"
        onChange={() => undefined}
        today={today}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Start date' });
    expect(input.id).toBe('sep-start');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('sep-error');
    await user.click(input);
    const popup = screen.getByRole('dialog', { name: 'Start date' });
    expect((within(popup).getByRole('button', { name: /November 21st, 2026/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((within(popup).getByRole('button', { name: /November 22nd, 2026/ }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('opens the popup fixed to the window, flipped above a field near the bottom of a 1366x768 window', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('innerWidth', 1366);
    vi.stubGlobal('innerHeight', 768);
    const rect = (top: number, height: number, width: number) =>
      ({
        top,
        left: 40,
        width,
        height,
        bottom: top + height,
        right: 40 + width,
        x: 40,
        y: top,
        toJSON: () => ({}),
      }) as DOMRect;
    const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.getAttribute('role') === 'dialog' ? rect(0, 380, 300) : rect(600, 32, 140);
    });
    try {
      render(<Harness initial="10/11/2026" />);
      await user.click(field());
      const popup = screen.getByRole('dialog', { name: 'From date' });
      expect(popup.dataset.side).toBe('above');
      expect(popup.style.top).toBe('216px');
      expect(popup.style.left).toBe('40px');
    } finally {
      spy.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
