import { login, sendLoginOtp, validateLoginOtp } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** Login answers either signed-in or "OTP needed" (platform.md 4.1, login modes with and without OTP). */
export async function submitLogin(userId: string, password: string) {
  const { data } = await callApi(login, { userId, password });
  return data;
}

export async function resendLoginOtp(userId: string) {
  const { data } = await callApi(sendLoginOtp, { userid: userId });
  return data;
}

export async function submitLoginOtp(userId: string, otp: string) {
  const { data } = await callApi(validateLoginOtp, { userid: userId, otp });
  return data;
}
