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
  // trading.md 8 Forget TPIN (the spec's spelling)
  cdslMessageHeader: 'CDSL Message',
  somthingWentWrong: 'Somthing went wrong',
  paymentFailed: (reason: string) => `Your payment has failed. Reason: ${reason}`,
  paymentSuccess:
    'Your Demat payment was successful. Please note that it may take 1-2 days for the payment to reflect in the system.',
  limitAgainstHoldingSuccess: 'Thank you for sending the request. You will recieve a confirmation email soon.',

  // 6 permissions
  segmentNotSubscribed: 'You have not subscribed to trade in this segment. Please contact your RM or customer service.',
  // Signed-in shell (platform.md 2.1, 2.3, 2.4, 2.8, 4.1, 4.5). Where the spec shows no text, the text is chosen here.
  createUpiSteps: [
    'Download a BHIM or bank UPI app',
    'Sign up or log in',
    'Create the UPI ID',
    'Add bank accounts',
    'Set the M-PIN',
    'Start transacting with UPI',
  ],
  findUpiSteps: ['Launch the UPI app', 'Go to Profile', 'Check the UPI ID shown'],
  unsupportedBrowserTitle: 'Your browser is not supported',
  unsupportedBrowserBody:
    'Please upgrade to a recent version of Chrome, Firefox, Edge or Safari to use the trading platform.',
  mobileAppTitle: 'Download our mobile app',
  mobileAppBody:
    'The web trading platform is made for desktop browsers. On your phone, please download our mobile app.',
  scripSearchPlaceholder: 'Search by Scrip name or Company name',
  indexSelectionTitle: 'Select Indices',
  sessionChecking: 'Checking your session…',
  logoutHeader: 'Logout',
  logoutConfirm: 'Are you sure you want to logout?',
  loggedOut: 'You have been logged out successfully.',
  redirectHeader: 'Redirection Warning',
  redirectMessage: 'You are being redirected to an external website. Do you want to continue?',
  collateralConsentLabel: 'Limit against holdings (collateral consent)',
  orderDialogTitle: (side: 'BUY' | 'SELL') => `${side} ORDER`,
  orderDialogPending: 'Order entry is being built (trading.md). It will open here once it is ready.',
  selectScripTitle: 'Select Scrip',
  addToWatchlistTitle: 'Add Scrips to Watchlist',
  chartPopupTitle: 'Chart',
  riskDisclosurePoints: [
    '9 out of 10 individual traders in equity Futures and Options Segment, incurred net losses.',
    'On an average, loss makers registered net trading loss close to ₹ 50,000.',
    'Over and above the net trading losses incurred, loss makers expended an additional 28% of net trading losses as transaction costs.',
    'Those making net trading profits, incurred between 15% to 50% of such profits as transaction cost.',
  ],
  riskDisclosureSource:
    'Source: SEBI study dated January 25, 2023 on "Analysis of Profit and Loss of Individual Traders dealing in equity Futures and Options (F&O) Segment", wherein Aggregate Level findings are based on annual Profit/Loss incurred by individual traders in equity F&O during FY 2021-22.',
  riskDisclosureContinue: 'CONTINUE',
  mtfDefinitionTitle: 'MARGIN TRADING FACILITY',
  mtfDefinition:
    'Margin Trading Facility (MTF) lets you buy shares by paying only a part of their value. The rest is funded for you, and interest is charged on the funded amount until you pay it or sell the shares.',
  mtfExample:
    'Example: with 25% initial margin, you can buy shares worth ₹ 1,00,000 by paying ₹ 25,000; the remaining ₹ 75,000 is funded under MTF.',
  mtfActivatePrompt:
    'Margin Trading Facility is not active for your account. Do you want to send an activation request?',
  mtfAcceptTerms: 'I accept the terms and conditions of the Margin Trading Facility',
  mtfNotActive: 'Margin Trading Facility is not active for your account on this exchange.',
  // Not in the spec: its streaming status (platform.md 4.7) shows nothing when live prices are lost.
  streamReconnecting: 'Live prices interrupted: reconnecting…',
  streamStopped: 'Live prices stopped: the connection could not be restored.',
  streamReconnect: 'RECONNECT',
} as const;
