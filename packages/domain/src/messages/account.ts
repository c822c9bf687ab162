/** Texts of the account, login, OTP and credential answers. Quoted spec texts are word for word (trading.md 8). */
export const accountText = {
  // trading.md 8: Forget TPIN status S
  forgotTpinSuccess: 'TPIN generate successfully, Kindly check your mail and SMS',
  forgotTpinNoCdsl: 'No CDSL demat account is linked to this client.',

  loginOtpSent: (to: string) => `OTP has been sent to ${to}`,
  otpAttemptsLeft: (left: number) => `Invalid OTP. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
  otpWait: (seconds: number) => `Please wait ${seconds} seconds before requesting a new OTP.`,
  tooManyRequests: (seconds: number) => `Too many requests. Please try again after ${seconds} seconds.`,
  /** A state-changing call a browser sent from another site (plugins/auth.ts, isCrossSite). */
  crossSiteRefused: 'Requests from another site are not accepted.',
  loggedOut: 'You have been logged out successfully.',

  panVerified: 'Details verified. Please generate OTP.',
  resetOtpSent: (to: string) => `OTP has been sent to ${to}`,
  otpVerified: 'OTP verified successfully.',
  passwordReset: 'Your password has been reset successfully. Please login with your new password.',
  accountUnlocked: 'Your account has been unlocked successfully. Please login.',
  clientIdSent:
    'If the details match our records, your Client ID has been sent to your registered mobile number and e-mail.',
  passwordChanged: 'Your password has been changed successfully.',
  tpinChanged: 'Your TPIN has been changed successfully.',
  tpinReset: 'A new TPIN has been sent to your registered mobile number and e-mail.',
  emailVerified: 'E-mail verified.',
  emailNotMatching: 'This e-mail does not match your registered e-mail.',
  riskDisclosureRecorded: 'Risk disclosure acknowledged.',
  mtfInProgress: 'Your MTF activation request is in progress.',
  mtfActivated: 'Margin trading facility is activated.',

  dormantOtpSent: (to: string) => `OTP has been sent to your registered mobile number ${to}`,
  dormantOtpResent: (to: string) => `OTP has been resent to your registered mobile number ${to}`,
  dormantReactivated: 'Your account has been reactivated successfully. Please login with your Client ID and Password.',

  // Delivered messages (SMS and e-mail)
  otpSubject: {
    login: 'Login OTP',
    reset: 'Password reset OTP',
    unlock: 'Account unlock OTP',
    dormant: 'Account reactivation OTP',
  },
  otpBody: (otp: string, minutes: number) =>
    `${otp} is your OTP. It is valid for ${minutes} minutes. Do not share it with anyone.`,
  clientIdSubject: 'Your Client ID',
  clientIdBody: (userId: string) => `Your Client ID is ${userId}.`,
  tpinSubject: 'Your new TPIN',
  tpinBody: (tpin: string) => `${tpin} is your new TPIN. Do not share it with anyone.`,
} as const;
