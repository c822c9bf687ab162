import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost, closeAllDialogs } from '../../components/dialog/index.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import { OtpStep } from './OtpStep.tsx';

const box = (n: number) => screen.getByLabelText(`OTP digit ${n}`) as HTMLInputElement;
const values = (length: number) => Array.from({ length }, (_, i) => box(i + 1).value);

async function closeError() {
  const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
  const text = within(dialog).getByText(/./, { selector: 'p' }).textContent;
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
  return text;
}

describe('OtpStep, the OTP step shared by login, reset/unlock and dormant (platform.md 4.2, 4.3)', () => {
  afterEach(() => act(() => closeAllDialogs()));

  it('clears the boxes after a resend and starts no countdown when the resend is refused', async () => {
    const onResend = vi
      .fn<() => Promise<void>>()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new ApiError('ACC007', 'Please wait 30 seconds before requesting a new OTP.'));
    const back = vi.fn();
    render(
      <>
        <OtpStep
          length={6}
          notice="OTP sent"
          onVerify={vi.fn()}
          onResend={onResend}
          back={{ label: 'Back', onClick: back }}
        />
        <DialogHost />
      </>,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('status').textContent).toBe('OTP sent');
    await user.click(box(1));
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    await vi.waitFor(() => expect(values(6)).toEqual(['', '', '', '', '', '']));

    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await closeError()).toBe('Please wait 30 seconds before requesting a new OTP.');
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toHaveProperty('disabled', false);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledOnce();
  });

  it('refuses a short OTP without a call, and a refused OTP clears the first four boxes and refocuses the first', async () => {
    const onVerify = vi
      .fn<(otp: string) => Promise<void>>()
      .mockRejectedValue(new ApiError('ACC004', 'Invalid OTP. 2 attempts left.'));
    render(
      <>
        <OtpStep length={4} onVerify={onVerify} onResend={vi.fn()} />
        <DialogHost />
      </>,
    );
    const user = userEvent.setup();
    await user.click(box(1));
    await user.keyboard('12');
    await user.click(screen.getByRole('button', { name: 'VERIFY' }));
    expect(await closeError()).toBe('Please enter valid OTP');
    expect(onVerify).not.toHaveBeenCalled();

    await user.click(box(3));
    await user.keyboard('34{Enter}');
    expect(await closeError()).toBe('Invalid OTP. 2 attempts left.');
    expect(onVerify).toHaveBeenCalledWith('1234');
    expect(values(4)).toEqual(['', '', '', '']);
    await vi.waitFor(() => expect(document.activeElement).toBe(box(1)));
  });
});
