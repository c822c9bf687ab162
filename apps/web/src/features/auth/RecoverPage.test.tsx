import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost, closeAllDialogs } from '../../components/dialog/index.ts';
import { authRoutes } from './auth-routes.tsx';
import { fakeServer } from '../../test/fake-server.ts';
import { lazyScreensLoaded } from '../../test/lazy-screens.ts';

async function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/base', children: authRoutes }], { initialEntries: [path] });
  render(
    <>
      <RouterProvider router={router} />
      <DialogHost />
    </>,
  );
  await lazyScreensLoaded();
  return router;
}

async function errorDialogText() {
  const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
  return within(dialog).getByText(/./, { selector: 'p' }).textContent;
}

const chain = {
  '/Account/VerifyPAN': () => ({ data: { message: 'Details verified. Please generate OTP.' } }),
  '/Account/GenerateOTP': () => ({ data: { message: 'OTP has been sent to ******7890', sentTo: '******7890' } }),
  '/Account/VerifyOTP': () => ({ data: { message: 'OTP verified successfully.', resetToken: 'tok-1' } }),
  '/Account/ResetPassword': () => ({ data: { message: 'Your password has been reset successfully. Please login with your new password.' } }),
  '/Account/UnlockAccount': () => ({ data: { message: 'Your account has been unlocked successfully. Please login.' } }),
};

describe('forgot password and unlock (platform.md 4.4, 5)', () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
  });

  it('checks the PAN/TPIN/birth year field with the spec messages', async () => {
    const server = fakeServer(chain);
    const user = userEvent.setup();
    await renderAt('/base/forgot-password');
    await user.type(screen.getByLabelText('Client ID'), 'demo1');
    const field = screen.getByLabelText('PAN / TPIN / Birth Year');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(await errorDialogText()).toBe('Please enter valid PAN/TPIN/BIRTH YEAR/INCORPORATION YEAR');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.type(field, '12345{Enter}');
    expect(await errorDialogText()).toBe('Length of PAN / TPIN should be either 10 or 4 characters');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.clear(field);
    await user.type(field, '12a4{Enter}');
    expect(await errorDialogText()).toBe('TPIN should contain only digits');
    expect(server.calls).toHaveLength(0);
  });

  it('resets a password through VerifyPAN, GenerateOTP, VerifyOTP and ResetPassword', async () => {
    const server = fakeServer(chain);
    const user = userEvent.setup();
    await renderAt('/base/forgot-password');
    await user.type(screen.getByLabelText('Client ID'), 'demo1');
    await user.type(screen.getByLabelText('PAN / TPIN / Birth Year'), 'abcde1234f{Enter}');
    expect(await screen.findByText('OTP has been sent to ******7890')).toBeTruthy();
    await user.click(screen.getByLabelText('OTP digit 1'));
    await user.keyboard('1234{Enter}');
    const newPassword = await screen.findByLabelText('New Password');
    await user.type(newPassword, 'Better@2026');
    await user.type(screen.getByLabelText('Confirm Password'), 'Better@2027{Enter}');
    expect(await errorDialogText()).toBe('New Password and Confirm Password do not match');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Better@2026{Enter}');
    expect(await screen.findByText('Your password has been reset successfully. Please login with your new password.')).toBeTruthy();
    expect(server.calls).toEqual([
      { path: '/Account/VerifyPAN', data: { userId: 'DEMO1', panOrTpin: 'ABCDE1234F', type: 'reset' } },
      { path: '/Account/GenerateOTP', data: { userId: 'DEMO1', type: 'reset' } },
      { path: '/Account/VerifyOTP', data: { userId: 'DEMO1', otp: '1234', type: 'reset' } },
      { path: '/Account/ResetPassword', data: { userId: 'DEMO1', resetToken: 'tok-1', newPassword: 'Better@2026', confirmPassword: 'Better@2026' } },
    ]);
  });

  it('unlocks with VerifyOTP type unlock then UnlockAccount', async () => {
    const server = fakeServer(chain);
    const user = userEvent.setup();
    const router = await renderAt('/base/unlock');
    await user.type(screen.getByLabelText('Client ID'), 'DEMO1');
    await user.type(screen.getByLabelText('PAN / TPIN / Birth Year'), '1990{Enter}');
    await screen.findByText('OTP has been sent to ******7890');
    await user.click(screen.getByLabelText('OTP digit 1'));
    await user.keyboard('5678{Enter}');
    expect(await screen.findByText('Your account has been unlocked successfully. Please login.')).toBeTruthy();
    expect(server.paths()).toEqual(['/Account/VerifyPAN', '/Account/GenerateOTP', '/Account/VerifyOTP', '/Account/UnlockAccount']);
    expect(server.calls[2]?.data).toEqual({ userId: 'DEMO1', otp: '5678', type: 'unlock' });
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(router.state.location.pathname).toBe('/base/login');
  });

  it('sends a forgotten client id for a PAN and mobile number', async () => {
    const server = fakeServer({ '/Account/GetClientId': () => ({ data: { message: 'Your Client ID has been sent.' } }) });
    const user = userEvent.setup();
    await renderAt('/base/forgot-client-id');
    await user.type(screen.getByLabelText('PAN'), 'abcde1234f');
    await user.type(screen.getByLabelText('Registered Mobile Number'), '98x76543210{Enter}');
    expect(await screen.findByText('Your Client ID has been sent.')).toBeTruthy();
    expect(server.calls[0]?.data).toEqual({ pan: 'ABCDE1234F', mobile: '9876543210' });
  });
});
