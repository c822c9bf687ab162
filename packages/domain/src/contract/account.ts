import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { accountDetailsSchema, extraFlagsSchema } from '../permissions/abilities.ts';

/** Account, login and session calls (platform.md 3, 4, 7.2). Field names follow the spec where it shows them. */

const empty = z.strictObject({});
const userId = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .transform((v) => v.toUpperCase());
const otp = z.string().regex(/^\d{4,6}$/, 'OTP must be 4 to 6 digits');
const message = z.object({ message: z.string() });

export const nonPoaDematsSchema = z.object({
  nonPoaFlag: z.boolean(),
  clientId: z.string(),
  nonPoaAppKey: z.string(),
  demats: z.array(
    z.object({
      dpType: z.enum(['CDSL', 'NSDL']),
      dpID: z.string(),
      dpAccount: z.string(),
      dpApiStatus: z.enum(['Y', 'N']),
    }),
  ),
});
export type NonPoaDemats = z.infer<typeof nonPoaDematsSchema>;

/** The signed-in answer (platform.md 3.2); the session cookie is set alongside. */
export const signedInSchema = z.object({
  otpRequired: z.literal(false),
  userId: z.string(),
  userSessionId: z.string(),
  accountDetails: accountDetailsSchema,
  flags: extraFlagsSchema,
  cugFlag: z.boolean(),
  LIMITAGAINSTHOLDINGFLAG: z.boolean(),
  MergeEqCom: z.boolean(),
  /** Show the risk disclosure after login (fno_permission Y, platform.md 2.9). */
  riskDisclosure: z.boolean(),
  nonPoaDemats: nonPoaDematsSchema.optional(),
  clientName: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Every demat account with its POA state, for My Details (POA clients get no nonPoaDemats). */
  demats: z.array(
    z.object({ dpType: z.enum(['CDSL', 'NSDL']), dpID: z.string(), dpAccount: z.string(), poa: z.boolean() }),
  ),
});
export type SignedIn = z.infer<typeof signedInSchema>;

export const otpNeededSchema = z.object({
  otpRequired: z.literal(true),
  userId: z.string(),
  otpLength: z.literal(4),
  /** Where the OTP went, masked (e.g. ******7890). */
  sentTo: z.string(),
});

export const login = defineCall({
  path: '/Account/Login',
  summary: 'Sign in with client id and password; OTP clients are then asked for the OTP',
  access: 'public',
  request: z.strictObject({ userId, password: z.string().min(1).max(64) }),
  response: z.discriminatedUnion('otpRequired', [signedInSchema, otpNeededSchema]),
});

export const sendLoginOtp = defineCall({
  path: '/Account/Login/SendOTP',
  summary: 'Send (or resend) the login OTP; after the third resend a 30-second wait applies',
  access: 'otp-pending',
  request: z.strictObject({ userid: userId.optional() }),
  response: z.object({ message: z.string(), resendCount: z.number().int(), waitSeconds: z.number().int() }),
});

export const validateLoginOtp = defineCall({
  path: '/Account/Login/ValidateOTP',
  summary: 'Validate the login OTP; the session becomes valid only then',
  access: 'otp-pending',
  request: z.strictObject({ userid: userId, otp }),
  response: signedInSchema,
});

export const logout = defineCall({
  path: '/Account/Logout',
  summary: 'Sign out and revoke the session',
  access: 'otp-pending',
  request: empty,
  response: message,
});

export const validateSession = defineCall({
  path: '/Account/ValidateSession',
  summary: 'Is the session valid; failure logs the client out',
  access: 'public',
  request: empty,
  response: z.object({ valid: z.boolean(), userId: z.string().nullable() }),
});

const resetType = z.enum(['reset', 'unlock']);

export const verifyPan = defineCall({
  path: '/Account/VerifyPAN',
  summary: 'First step of password reset or unlock: PAN, TPIN, birth or incorporation year',
  access: 'public',
  request: z.strictObject({ userId, panOrTpin: z.string().trim().min(4).max(10), type: resetType.default('reset') }),
  response: message,
});

export const generateOtp = defineCall({
  path: '/Account/GenerateOTP',
  summary: 'Send the OTP of the reset or unlock chain (after VerifyPAN)',
  access: 'public',
  request: z.strictObject({ userId, type: resetType.default('reset') }),
  response: z.object({ message: z.string(), sentTo: z.string() }),
});

export const verifyOtp = defineCall({
  path: '/Account/VerifyOTP',
  summary: "Verify the reset chain's OTP; type 'unlock' when unlocking (platform.md 4.4)",
  access: 'public',
  request: z.strictObject({ userId, otp, type: resetType.default('reset') }),
  response: z.object({ message: z.string(), resetToken: z.string() }),
});

export const resetPassword = defineCall({
  path: '/Account/ResetPassword',
  summary: 'Set a new password with the token from VerifyOTP; also unlocks the account',
  access: 'public',
  request: z.strictObject({
    userId,
    resetToken: z.string().min(1).max(200),
    newPassword: z.string().min(1).max(64),
    confirmPassword: z.string().min(1).max(64),
  }),
  response: message,
});

export const unlockAccount = defineCall({
  path: '/Account/UnlockAccount',
  summary: 'Unlock a locked account with the token from VerifyOTP type unlock',
  access: 'public',
  request: z.strictObject({ userId, resetToken: z.string().min(1).max(200) }),
  response: message,
});

export const getClientId = defineCall({
  path: '/Account/GetClientId',
  summary: 'Forgot client id: sends it to the registered mobile and e-mail for a PAN',
  access: 'public',
  request: z.strictObject({
    pan: z.string().trim().length(10),
    mobile: z
      .string()
      .trim()
      .regex(/^\d{10}$/),
  }),
  response: message,
});

export const resetTpin = defineCall({
  path: '/Account/ResetTPIN',
  summary: 'Generate a new TPIN and send it to the registered contacts',
  access: 'session',
  request: empty,
  response: message,
});

export const changePassword = defineCall({
  path: '/Account/ChangePassword',
  summary: 'Change password (old, new, confirm)',
  access: 'session',
  request: z.strictObject({
    oldPassword: z.string().min(1).max(64),
    newPassword: z.string().min(1).max(64),
    confirmPassword: z.string().min(1).max(64),
  }),
  response: message,
});

export const changeTpin = defineCall({
  path: '/Account/ChangeTPIN',
  summary: 'Change TPIN (old, new, confirm)',
  access: 'session',
  request: z.strictObject({ oldTpin: z.string().max(4), newTpin: z.string().max(4), confirmTpin: z.string().max(4) }),
  response: message,
});

export const forgotTpin = defineCall({
  path: '/Client/ForgotTPIN',
  summary: 'CDSL forgot TPIN: a new TPIN is mailed and sent by SMS',
  access: 'session',
  request: z.strictObject({ clientId: userId, source: z.string().max(10).default('web') }),
  response: z.object({ STATUS: z.enum(['S', 'F']), MESSAGE: z.string() }),
});

export const verifyContactEmail = defineCall({
  path: '/Client/VerifyContactEmail',
  summary: "Check an e-mail address against the client's registered one",
  access: 'session',
  request: z.strictObject({ email: z.string().trim().email().max(200) }),
  response: z.object({ verified: z.boolean(), message: z.string() }),
});

export const mtfActivation = defineCall({
  path: '/Account/MTFActivation',
  summary: 'Request margin trading facility activation; EGN012 while in progress',
  access: 'session',
  request: empty,
  response: z.object({ activatedMTF: z.boolean() }),
});

export const limitAgainstHolding = defineCall({
  path: '/Pledging/LimitAgainstHoldingReq',
  summary: 'Grant or revoke the consent to use holdings as collateral',
  access: 'session',
  request: z.strictObject({ status: z.enum(['Y', 'N']) }),
  response: z.object({ Success: z.boolean(), Error_Mesg: z.string() }),
});

export const riskDisclosure = defineCall({
  path: '/RiskDisclosure',
  summary: 'Log that the client acknowledged the derivatives risk disclosure',
  access: 'session',
  request: empty,
  response: message,
});

export const dormantCheck = defineCall({
  path: '/Dormant/DormantCheck',
  summary: 'Start dormant reactivation: checks the client is dormant and sends a 6-digit OTP',
  access: 'public',
  request: z.strictObject({
    userId: z
      .string()
      .trim()
      .min(1)
      .max(12)
      .transform((v) => v.toUpperCase()),
  }),
  response: z.object({ msg: z.string() }),
});

export const dormantRegenerateOtp = defineCall({
  path: '/Dormant/RegenerateOTP',
  summary: 'Resend the dormant reactivation OTP',
  access: 'public',
  request: z.strictObject({
    userId: z
      .string()
      .trim()
      .min(1)
      .max(12)
      .transform((v) => v.toUpperCase()),
  }),
  response: z.object({ msg: z.string() }),
});

export const dormantVerifyOtp = defineCall({
  path: '/Dormant/VerifyOTP',
  summary: 'Verify the dormant OTP and reactivate the client',
  access: 'public',
  request: z.strictObject({
    userId: z
      .string()
      .trim()
      .min(1)
      .max(12)
      .transform((v) => v.toUpperCase()),
    otp: z.string().regex(/^\d{6}$/, 'OTP must be 6 digits'),
  }),
  response: z.object({ msg: z.string() }),
});

export const accountCalls = [
  login,
  sendLoginOtp,
  validateLoginOtp,
  logout,
  validateSession,
  verifyPan,
  generateOtp,
  verifyOtp,
  resetPassword,
  unlockAccount,
  getClientId,
  resetTpin,
  changePassword,
  changeTpin,
  forgotTpin,
  verifyContactEmail,
  mtfActivation,
  limitAgainstHolding,
  riskDisclosure,
  dormantCheck,
  dormantRegenerateOtp,
  dormantVerifyOtp,
] as const;
