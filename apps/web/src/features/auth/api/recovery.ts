import { generateOtp, getClientId, resetPassword, unlockAccount, verifyOtp, verifyPan } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** The reset and unlock chain: VerifyPAN -> GenerateOTP -> VerifyOTP -> ResetPassword / UnlockAccount (platform.md 4.4, 7.2). */
export type RecoveryKind = 'reset' | 'unlock';

export async function verifyIdentity(userId: string, panOrTpin: string, type: RecoveryKind) {
  await callApi(verifyPan, { userId, panOrTpin, type });
  const { data } = await callApi(generateOtp, { userId, type });
  return data;
}

export async function resendRecoveryOtp(userId: string, type: RecoveryKind) {
  const { data } = await callApi(generateOtp, { userId, type });
  return data;
}

export async function verifyRecoveryOtp(userId: string, otp: string, type: RecoveryKind) {
  const { data } = await callApi(verifyOtp, { userId, otp, type });
  return data.resetToken;
}

export async function setNewPassword(userId: string, resetToken: string, newPassword: string, confirmPassword: string) {
  const { data } = await callApi(resetPassword, { userId, resetToken, newPassword, confirmPassword });
  return data.message;
}

export async function unlockWithToken(userId: string, resetToken: string) {
  const { data } = await callApi(unlockAccount, { userId, resetToken });
  return data.message;
}

export async function requestClientId(pan: string, mobile: string) {
  const { data } = await callApi(getClientId, { pan, mobile });
  return data.message;
}
