import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResendOtp } from './ResendOtp.tsx';

async function press(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
  });
}

describe('Resend OTP (platform.md 4.2, 9)', () => {
  afterEach(() => vi.useRealTimers());

  it('is free three times, then counts down 30 seconds before the fourth resend and every later one', async () => {
    vi.useFakeTimers();
    const onResend = vi.fn(async () => undefined);
    render(<ResendOtp onResend={onResend} />);
    const link = screen.getByRole('button', { name: /Resend OTP/ });
    await press(link);
    expect((link as HTMLButtonElement).disabled).toBe(false);
    await press(link);
    expect((link as HTMLButtonElement).disabled).toBe(false);
    expect(link.textContent).toBe('Resend OTP');
    await press(link);
    expect(onResend).toHaveBeenCalledTimes(3);
    expect((link as HTMLButtonElement).disabled).toBe(true);
    expect(link.textContent).toBe('Resend OTP in 30s');
    for (let i = 0; i < 29; i += 1) await act(async () => vi.advanceTimersByTime(1000));
    expect(link.textContent).toBe('Resend OTP in 1s');
    expect((link as HTMLButtonElement).disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(1000));
    expect((link as HTMLButtonElement).disabled).toBe(false);
    expect(link.textContent).toBe('Resend OTP');
    await press(link);
    expect(onResend).toHaveBeenCalledTimes(4);
    expect(link.textContent).toBe('Resend OTP in 30s');
  });

  it("follows the server's wait when it asks for one", async () => {
    vi.useFakeTimers();
    render(<ResendOtp onResend={async () => ({ waitSeconds: 12 })} />);
    const link = screen.getByRole('button', { name: /Resend OTP/ });
    await press(link);
    expect(link.textContent).toBe('Resend OTP in 12s');
  });

  it('stays usable after a refused resend', async () => {
    render(<ResendOtp onResend={async () => Promise.reject(new Error('no'))} />);
    const link = screen.getByRole('button', { name: /Resend OTP/ });
    await press(link);
    expect((link as HTMLButtonElement).disabled).toBe(false);
  });
});
