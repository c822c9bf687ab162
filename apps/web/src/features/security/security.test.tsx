import { PASSWORD_RULE_TEXT } from '@kite/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost, closeAllDialogs } from '../../components/dialog/index.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { SecurityPanel } from './SecurityPanel.tsx';

function renderPanel() {
  render(
    <>
      <SecurityPanel clientId="DEMO1" />
      <DialogHost />
    </>,
  );
  return userEvent.setup();
}

async function fill(user: UserEvent, dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = within(dialog).getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

async function submitAndReadAlert(user: UserEvent, dialog: HTMLElement, button: string) {
  await user.click(within(dialog).getByRole('button', { name: button }));
  return (await within(dialog).findByRole('alert')).textContent;
}

async function messageText(header: string) {
  const dialog = await screen.findByRole('alertdialog', { name: header });
  return within(dialog).getByText(/./, { selector: 'p' }).textContent;
}

describe('Change Password (platform.md 5, 7.2)', () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
  });

  it('shows each validation message and sends nothing until the input is valid', async () => {
    const server = fakeServer({
      '/Account/ChangePassword': () => ({ data: { message: 'Your password has been changed successfully.' } }),
    });
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'CHANGE PASSWORD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Old Password'));

    expect(await submitAndReadAlert(user, dialog, 'CHANGE PASSWORD')).toBe('Please enter valid Password');
    await fill(user, dialog, { 'Old Password': 'Demo@1234', 'New Password': 'Secure123', 'Confirm Password': '' });
    expect(await submitAndReadAlert(user, dialog, 'CHANGE PASSWORD')).toBe('Please enter valid Password');
    await fill(user, dialog, { 'Confirm Password': 'Secure124' });
    expect(await submitAndReadAlert(user, dialog, 'CHANGE PASSWORD')).toBe(
      'New Password and Confirm Password do not match',
    );
    await fill(user, dialog, { 'New Password': 'short1', 'Confirm Password': 'short1' });
    expect(await submitAndReadAlert(user, dialog, 'CHANGE PASSWORD')).toBe(PASSWORD_RULE_TEXT);
    await fill(user, dialog, { 'New Password': 'lettersonly', 'Confirm Password': 'lettersonly' });
    expect(await submitAndReadAlert(user, dialog, 'CHANGE PASSWORD')).toBe(PASSWORD_RULE_TEXT);
    expect(server.calls).toHaveLength(0);

    // Typing clears the message (Enter in a field submits too: the e2e test uses it, user-event does not see the
    // footer's submit button, which belongs to the form through its form attribute).
    await fill(user, dialog, { 'New Password': 'Secure123', 'Confirm Password': 'Secure123' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'CHANGE PASSWORD' }));
    expect(await messageText('Message')).toBe('Your password has been changed successfully.');
    expect(screen.queryByRole('dialog', { name: 'Change Password' })).toBeNull();
    expect(server.calls).toEqual([
      {
        path: '/Account/ChangePassword',
        data: { oldPassword: 'Demo@1234', newPassword: 'Secure123', confirmPassword: 'Secure123' },
      },
    ]);
  });

  it("shows the server's refusal in the form and keeps it open", async () => {
    fakeServer({ '/Account/ChangePassword': () => ({ infoID: 'ACC014', infoMsg: 'Old password is incorrect.' }) });
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'CHANGE PASSWORD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await fill(user, dialog, {
      'Old Password': 'Wrong@123',
      'New Password': 'Secure123',
      'Confirm Password': 'Secure123',
    });
    expect(await submitAndReadAlert(user, dialog, 'CHANGE PASSWORD')).toBe('Old password is incorrect.');
    expect(within(dialog).getByRole('button', { name: 'CHANGE PASSWORD' })).toHaveProperty('disabled', false);
    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    expect(screen.queryByRole('dialog', { name: 'Change Password' })).toBeNull();
  });
});

describe('Change TPIN (platform.md 5 TPIN-only field)', () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
  });

  it('shows each TPIN message, then sends the change', async () => {
    const server = fakeServer({
      '/Account/ChangeTPIN': () => ({ data: { message: 'Your TPIN has been changed successfully.' } }),
    });
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'CHANGE TPIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change TPIN' });
    expect(within(dialog).getByLabelText('New TPIN')).toHaveProperty('maxLength', 4);

    expect(await submitAndReadAlert(user, dialog, 'CHANGE TPIN')).toBe('Please enter valid TPIN');
    await fill(user, dialog, { 'Old TPIN': '123' });
    expect(await submitAndReadAlert(user, dialog, 'CHANGE TPIN')).toBe('Length of TPIN should be 4 characters');
    await fill(user, dialog, { 'Old TPIN': '12a4' });
    expect(await submitAndReadAlert(user, dialog, 'CHANGE TPIN')).toBe('TPIN should contain only digits');
    await fill(user, dialog, { 'Old TPIN': '1234', 'New TPIN': '' });
    expect(await submitAndReadAlert(user, dialog, 'CHANGE TPIN')).toBe('Please enter valid TPIN');
    await fill(user, dialog, { 'New TPIN': '4321', 'Confirm TPIN': '4322' });
    expect(await submitAndReadAlert(user, dialog, 'CHANGE TPIN')).toBe('New TPIN and Confirm TPIN do not match');
    expect(server.calls).toHaveLength(0);

    await fill(user, dialog, { 'Confirm TPIN': '4321' });
    await user.click(within(dialog).getByRole('button', { name: 'CHANGE TPIN' }));
    expect(await messageText('Message')).toBe('Your TPIN has been changed successfully.');
    expect(server.calls).toEqual([
      { path: '/Account/ChangeTPIN', data: { oldTpin: '1234', newTpin: '4321', confirmTpin: '4321' } },
    ]);
  });
});

describe('Reset TPIN and Forgot TPIN (platform.md 7.2, trading.md 8)', () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
  });

  it('resets the TPIN only after the confirmation, and shows the answer or the refusal', async () => {
    let refuse = false;
    const server = fakeServer({
      '/Account/ResetTPIN': () =>
        refuse
          ? { infoID: 'EGN003', infoMsg: 'Too many requests.' }
          : { data: { message: 'A new TPIN has been sent.' } },
    });
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'RESET TPIN' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reset TPIN' })).getByRole('button', { name: 'NO' }),
    );
    expect(server.calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'RESET TPIN' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reset TPIN' })).getByRole('button', { name: 'YES' }),
    );
    expect(await messageText('Message')).toBe('A new TPIN has been sent.');
    expect(server.paths()).toEqual(['/Account/ResetTPIN']);
    await user.click(screen.getByRole('button', { name: 'OK' }));

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'RESET TPIN' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reset TPIN' })).getByRole('button', { name: 'YES' }),
    );
    expect(await messageText('Error')).toBe('Too many requests.');
  });

  it("answers in a 'CDSL Message' dialog: the spec's text on S, the server's on F, 'Somthing went wrong' on an error", async () => {
    const answers = [
      { data: { STATUS: 'S', MESSAGE: 'ignored' } },
      { data: { STATUS: 'F', MESSAGE: 'No CDSL demat account is linked to this client.' } },
      { infoID: 'ACC019', infoMsg: 'Not your client id.' },
    ];
    const server = fakeServer({ '/Client/ForgotTPIN': () => answers.shift() ?? {} });
    const user = renderPanel();
    const expected = [
      'TPIN generate successfully, Kindly check your mail and SMS',
      'No CDSL demat account is linked to this client.',
      'Somthing went wrong',
    ];
    for (const text of expected) {
      await user.click(screen.getByRole('button', { name: 'FORGOT TPIN (CDSL)' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Forgot TPIN (CDSL)' })).getByRole('button', { name: 'YES' }),
      );
      expect(await messageText('CDSL Message')).toBe(text);
      await user.click(screen.getByRole('button', { name: 'OK' }));
    }
    expect(server.calls).toHaveLength(3);
    expect(server.calls[0]).toEqual({ path: '/Client/ForgotTPIN', data: { clientId: 'DEMO1', source: 'web' } });
  });
});

describe('Verify contact e-mail (platform.md 7.2)', () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
  });

  it('refuses a malformed address without a call, then shows the server verdict', async () => {
    const server = fakeServer({
      '/Client/VerifyContactEmail': (data) =>
        data.email === 'demo1@example.com'
          ? { data: { verified: true, message: 'E-mail verified.' } }
          : { data: { verified: false, message: 'This e-mail does not match your registered e-mail.' } },
    });
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'VERIFY E-MAIL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Contact E-mail' });
    const input = within(dialog).getByLabelText('E-mail address');
    await user.type(input, 'not-an-email');
    expect(await submitAndReadAlert(user, dialog, 'VERIFY')).toBe('Please enter valid E-mail');
    expect(server.calls).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'other@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'VERIFY' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This e-mail does not match your registered e-mail.',
    );

    await user.clear(input);
    await user.type(input, 'demo1@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'VERIFY' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('E-mail verified.');
    await user.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    expect(screen.queryByRole('dialog', { name: 'Verify Contact E-mail' })).toBeNull();
    expect(server.calls.map((call) => call.data)).toEqual([
      { email: 'other@example.com' },
      { email: 'demo1@example.com' },
    ]);
  });
});
