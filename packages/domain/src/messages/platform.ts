/** The product's texts from platform.md, word for word (including the spec's own spellings). */
export const platformText = {
  notFound: '404! Page not found!',
  configFailureTitle: 'Error occured',
  configFailureBody: 'Please refresh page after some time',
  configMissing: 'Error Occured. Please login again.',
  defaultDialogMessage: 'Please try again!',
  errorHeader: 'Error',
  messageHeader: 'Message',
  confirmationHeader: 'Confirmation',

  // 4.1 login, logout and session
  sessionTimeoutHeader: 'Session Timeout',
  sessionTimeoutMessage: 'Session has expired due to inactivity. Please login again.',
  invalidWindowSession: 'Your session is not valid. Please login.',

  // 2.5 dormant reactivation
  dormantTitle: 'Reactivate Dormant',
  dormantHint: 'Enter Your Registered Client Id',
  dormantSuccess: 'SUCCESS',

  // 2.9 risk disclosure
  riskDisclosureTitle: 'RISK DISCLOSURES ON DERIVATIVES',

  // 2.1 UPI pages
  createUpiTitle: 'Steps to create UPI ID',
  findUpiTitle: 'How to find your UPI ID',

  // 5 validation
  invalidClientId: 'Please enter valid Client ID',
  invalidPassword: 'Please enter valid Password',
  invalidPanTpinYear: 'Please enter valid PAN/TPIN/BIRTH YEAR/INCORPORATION YEAR',
  panTpinLength: 'Length of PAN / TPIN should be either 10 or 4 characters',
  tpinDigitsOnly: 'TPIN should contain only digits',
  invalidTpin: 'Please enter valid TPIN',
  tpinLength: 'Length of TPIN should be 4 characters',
  invalidPan: 'Please enter valid PAN',
  panLength: 'Length of PAN should be 10 characters',
  passwordMismatch: 'New Password and Confirm Password do not match',
  tpinMismatch: 'New TPIN and Confirm TPIN do not match',
  invalidOtp: 'Please enter valid OTP',
  mtfTermsRequired: '*You must accept terms and conditions for activation request',
  invalidDpId: 'Enter a valid DP ID',
  invalidCaptcha: 'Enter a valid Captcha',
  invalidInput: 'Please enter valid input',
  minOneIndex: 'Min one indices should be selected',
  maxThreeIndices: 'Only three indices can be selected',

  // 4.5 MTF
  mtfDialogTitle: 'MTF ACTIVATION',
  mtfThankYou: 'THANK YOU!',

  // 8 payment and pledge
  somethingWentWrong: 'Something went wrong',
  paymentFailed: (reason: string) => `Your payment has failed. Reason: ${reason}`,
  paymentSuccess:
    'Your Demat payment was successful. Please note that it may take 1-2 days for the payment to reflect in the system.',
  limitAgainstHoldingSuccess: 'Thank you for sending the request. You will recieve a confirmation email soon.',

  // 6 permissions
  segmentNotSubscribed: 'You have not subscribed to trade in this segment. Please contact your RM or customer service.',
} as const;
