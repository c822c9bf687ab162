import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OtpBoxes, clearFirstFour, emptyOtp, otpText } from './OtpBoxes.tsx';

function Harness({ length, onComplete }: { length: number; onComplete?: (otp: string) => void }) {
  const [value, setValue] = useState(emptyOtp(length));
  return (
    <>
      <OtpBoxes value={value} onChange={setValue} {...(onComplete ? { onComplete } : {})} autoFocus />
      <button type="button" onClick={() => setValue(clearFirstFour(value))}>
        wrong
      </button>
      <output role="status">{otpText(value)}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`OTP digit ${n}`) as HTMLInputElement;

describe('OtpBoxes (platform.md 4.2)', () => {
  it('renders N labelled boxes, one digit each, focus following the typing', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} />);
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    expect(document.activeElement).toBe(box(1));
    await user.keyboard('12');
    expect(box(1).value).toBe('1');
    expect(box(2).value).toBe('2');
    expect(document.activeElement).toBe(box(3));
  });

  it('takes digits only', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} />);
    await user.keyboard('a-.7');
    expect(box(1).value).toBe('7');
    expect(screen.getByRole('status').textContent).toBe('7');
  });

  it('moves back on Backspace in an empty box', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} />);
    await user.keyboard('12');
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('{Backspace}');
    expect(box(2).value).toBe('');
    expect(screen.getByRole('status').textContent).toBe('1');
  });

  it('submits on Enter in the last box only when every box is filled', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness length={4} onComplete={onComplete} />);
    await user.keyboard('123{Enter}');
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('4{Enter}');
    expect(onComplete).toHaveBeenCalledWith('1234');
  });

  it('fills every box from a pasted code', () => {
    render(<Harness length={6} />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => ' 123 456 ' } });
    expect(screen.getByRole('status').textContent).toBe('123456');
    expect(box(6).value).toBe('6');
  });

  it('clears the first four digits after a wrong OTP', async () => {
    const user = userEvent.setup();
    render(<Harness length={6} />);
    await user.keyboard('987654');
    await user.click(screen.getByRole('button', { name: 'wrong' }));
    expect(screen.getByRole('status').textContent).toBe('54');
    expect([1, 2, 3, 4].map((n) => box(n).value)).toEqual(['', '', '', '']);
  });
});
