import { dormantCheck, dormantRegenerateOtp, dormantVerifyOtp } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** Dormant reactivation calls (platform.md 2.5, 4.3, 7.2); each answers data.msg. */
export async function startDormant(userId: string) {
  const { data } = await callApi(dormantCheck, { userId });
  return data.msg;
}

export async function resendDormantOtp(userId: string) {
  const { data } = await callApi(dormantRegenerateOtp, { userId });
  return data.msg;
}

export async function verifyDormantOtp(userId: string, otp: string) {
  const { data } = await callApi(dormantVerifyOtp, { userId, otp });
  return data.msg;
}
