/** Texts of the security screens that the spec does not show (platform.md 7.2 names the calls only). */
export const securityText = {
  panelTitle: 'Security',
  passwordRow: 'Password',
  passwordRowHint: 'Changing it signs your other browsers out; this one stays signed in.',
  tpinRow: 'TPIN',
  tpinRowHint: 'Authorises selling holdings and other depository requests.',
  emailRow: 'Registered e-mail',
  emailRowHint: 'Check an address against the e-mail we have on record.',

  changePasswordTitle: 'Change Password',
  oldPasswordLabel: 'Old Password',
  newPasswordLabel: 'New Password',
  confirmPasswordLabel: 'Confirm Password',
  newPasswordHint: '8 to 32 characters with at least one letter and one digit.',
  changePasswordButton: 'CHANGE PASSWORD',

  changeTpinTitle: 'Change TPIN',
  oldTpinLabel: 'Old TPIN',
  newTpinLabel: 'New TPIN',
  confirmTpinLabel: 'Confirm TPIN',
  tpinHint: '4 digits.',
  changeTpinButton: 'CHANGE TPIN',

  resetTpinTitle: 'Reset TPIN',
  resetTpinButton: 'RESET TPIN',
  resetTpinConfirm:
    'A new TPIN will be generated and sent to your registered mobile number and e-mail. Your current TPIN will stop working. Continue?',

  forgotTpinTitle: 'Forgot TPIN (CDSL)',
  forgotTpinButton: 'FORGOT TPIN (CDSL)',
  forgotTpinConfirm: 'CDSL will generate a new TPIN and send it to your registered mobile number and e-mail. Continue?',

  verifyEmailTitle: 'Verify Contact E-mail',
  verifyEmailButton: 'VERIFY E-MAIL',
  emailLabel: 'E-mail address',
  invalidEmail: 'Please enter valid E-mail',

  cancel: 'CANCEL',
  close: 'CLOSE',
  verify: 'VERIFY',
} as const;
