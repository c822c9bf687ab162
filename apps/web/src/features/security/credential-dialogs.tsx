import { checkNewPassword, checkPassword, checkPasswordsMatch, checkTpin, checkTpinsMatch } from '@kite/domain';
import { requestPasswordChange, requestTpinChange } from './api/credentials.ts';
import { openSecretChangeDialog } from './SecretChangeDialog.tsx';
import { securityText } from './security-text.ts';

/** The contract's longest password (packages/domain contract/account.ts); the rule itself allows 32. */
const PASSWORD_MAX = 64;
const TPIN_LENGTH = 4;

/**
 * Change Password (platform.md 5, 7.2): a blank field 'Please enter valid Password', then the match, then the new
 * password rule. The server keeps this session and signs the client's other sessions out.
 */
export function openChangePasswordDialog(): Promise<boolean> {
  return openSecretChangeDialog({
    title: securityText.changePasswordTitle,
    fields: [
      { label: securityText.oldPasswordLabel, autoComplete: 'current-password' },
      { label: securityText.newPasswordLabel, autoComplete: 'new-password', hint: securityText.newPasswordHint },
      { label: securityText.confirmPasswordLabel, autoComplete: 'new-password' },
    ],
    maxLength: PASSWORD_MAX,
    inputMode: 'text',
    submitLabel: securityText.changePasswordButton,
    check: ([oldPassword, newPassword, confirmPassword]) =>
      checkPassword(oldPassword) ??
      checkPassword(newPassword) ??
      checkPassword(confirmPassword) ??
      checkPasswordsMatch(newPassword, confirmPassword) ??
      checkNewPassword(newPassword),
    submit: ([oldPassword, newPassword, confirmPassword]) =>
      requestPasswordChange(oldPassword, newPassword, confirmPassword),
  });
}

/** Change TPIN (platform.md 5, TPIN-only field rules on each box, then the match). */
export function openChangeTpinDialog(): Promise<boolean> {
  return openSecretChangeDialog({
    title: securityText.changeTpinTitle,
    fields: [
      { label: securityText.oldTpinLabel, autoComplete: 'off' },
      { label: securityText.newTpinLabel, autoComplete: 'off', hint: securityText.tpinHint },
      { label: securityText.confirmTpinLabel, autoComplete: 'off' },
    ],
    maxLength: TPIN_LENGTH,
    inputMode: 'numeric',
    submitLabel: securityText.changeTpinButton,
    check: ([oldTpin, newTpin, confirmTpin]) =>
      checkTpin(oldTpin) ?? checkTpin(newTpin) ?? checkTpin(confirmTpin) ?? checkTpinsMatch(newTpin, confirmTpin),
    submit: ([oldTpin, newTpin, confirmTpin]) => requestTpinChange(oldTpin, newTpin, confirmTpin),
  });
}
