import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost, closeAllDialogs } from '../../components/dialog/index.ts';
import { DormantFlow } from './DormantFlow.tsx';
import { checkDormantClientId, nextDormantId } from './dormant-client-id.ts';
import { fakeServer } from '../../test/fake-server.ts';

const box = (n: number) => screen.getByLabelText(`OTP digit ${n}`) as HTMLInputElement;
const field = () => screen.getByLabelText('Client ID') as HTMLInputElement;

async function errorDialogText() {
  const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
  return within(dialog).getByText(/./, { selector: 'p' }).textContent;
}

function renderFlow() {
  render(
    <>
      <DormantFlow />
      <DialogHost />
    </>,
  );
}

describe('dormant client-id rules (platform.md 5)', () => {
  it('holds 12 characters but takes typing only up to 7, upper-cased', () => {
    expect(nextDormantId('ABCDEF', 'ABCDEFg')).toBe('ABCDEFG');
    expect(nextDormantId('ABCDEFG', 'ABCDEFGH')).toBe('ABCDEFG');
    expect(nextDormantId('', 'dormant0001')).toBe('DORMANT0001');
    expect(nextDormantId('', 'abcdefghijklmnop')).toBe('ABCDEFGHIJKL');
  });

  it('requires letters and digits only', () => {
    expect(checkDormantClientId('')).toBe('Please enter valid Client ID');
    expect(checkDormantClientId('AB-12')).toBe('Please enter valid Client ID');
    expect(checkDormantClientId('DORMANT1')).toBeNull();
  });
});

describe('DormantFlow (platform.md 2.5, 4.3)', () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
  });

  it('shows the ClientId page and makes no call when the check fails', async () => {
    const server = fakeServer({});
    const user = userEvent.setup();
    renderFlow();
    expect(screen.getByRole('heading', { name: 'Reactivate Dormant' })).toBeTruthy();
    expect(screen.getByText('Enter Your Registered Client Id')).toBeTruthy();
    expect(field().maxLength).toBe(12);
    await user.type(field(), 'dormant1x');
    expect(field().value).toBe('DORMANT');
    await user.clear(field());
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(await errorDialogText()).toBe('Please enter valid Client ID');
    expect(server.calls).toHaveLength(0);
  });

  it('goes ClientId -> Setotp -> Success and back again', async () => {
    let verifies = 0;
    const server = fakeServer({
      '/Dormant/DormantCheck': () => ({ data: { msg: 'OTP has been sent to your registered mobile number ******1234' } }),
      '/Dormant/RegenerateOTP': () => ({ data: { msg: 'OTP has been resent to your registered mobile number ******1234' } }),
      '/Dormant/VerifyOTP': () =>
        ++verifies === 1
          ? { infoID: 'ACC004', infoMsg: 'Invalid OTP. 2 attempts left.' }
          : { data: { msg: 'Your account has been reactivated successfully.' } },
    });
    const user = userEvent.setup();
    renderFlow();
    await user.type(field(), 'dorman1{Enter}');
    expect(await screen.findByText('OTP has been sent to your registered mobile number ******1234')).toBeTruthy();
    expect(server.calls[0]).toEqual({ path: '/Dormant/DormantCheck', data: { userId: 'DORMAN1' } });
    expect(screen.getAllByLabelText(/^OTP digit \d$/)).toHaveLength(6);

    await user.click(screen.getByRole('button', { name: /Resend OTP/ }));
    expect(await screen.findByText('OTP has been resent to your registered mobile number ******1234')).toBeTruthy();

    await user.click(box(1));
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'VERIFY' }));
    expect(await errorDialogText()).toBe('Please enter valid OTP');
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await user.click(box(5));
    await user.keyboard('56{Enter}');
    expect(await errorDialogText()).toBe('Invalid OTP. 2 attempts left.');
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value)).toEqual(['', '', '', '', '5', '6']);
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await user.click(box(1));
    await user.keyboard('9876');
    await user.click(screen.getByRole('button', { name: 'VERIFY' }));
    expect(await screen.findByRole('heading', { name: 'SUCCESS' })).toBeTruthy();
    expect(screen.getByText('Your account has been reactivated successfully.')).toBeTruthy();
    expect(server.calls.at(-1)).toEqual({ path: '/Dormant/VerifyOTP', data: { userId: 'DORMAN1', otp: '987656' } });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getAllByLabelText(/^OTP digit \d$/)).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(field().value).toBe('DORMAN1');
  });

  it("shows the server's message when the client is not dormant, and stays on ClientId", async () => {
    fakeServer({ '/Dormant/DormantCheck': () => ({ infoID: 'ACC018', infoMsg: 'No dormant account found for this Client ID.' }) });
    const user = userEvent.setup();
    renderFlow();
    await user.type(field(), 'DEMO1{Enter}');
    expect(await errorDialogText()).toBe('No dormant account found for this Client ID.');
    expect(screen.getByRole('button', { name: 'CONTINUE' })).toBeTruthy();
  });
});
