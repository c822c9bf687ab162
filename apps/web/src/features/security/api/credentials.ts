import {
  accountText,
  changePassword,
  changeTpin,
  forgotTpin,
  platformText,
  resetTpin,
  verifyContactEmail,
} from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** The credential calls of platform.md 7.2 (only ever for the signed-in client: the server scopes them by session). */
export async function requestPasswordChange(oldPassword: string, newPassword: string, confirmPassword: string) {
  const { data } = await callApi(changePassword, { oldPassword, newPassword, confirmPassword });
  return data.message;
}

export async function requestTpinChange(oldTpin: string, newTpin: string, confirmTpin: string) {
  const { data } = await callApi(changeTpin, { oldTpin, newTpin, confirmTpin });
  return data.message;
}

export async function requestTpinReset() {
  const { data } = await callApi(resetTpin, {});
  return data.message;
}

export async function checkContactEmail(email: string) {
  const { data } = await callApi(verifyContactEmail, { email });
  return data;
}

/**
 * CDSL forgot TPIN (trading.md 8): STATUS S gives the spec's text, otherwise the server's MESSAGE; any request error
 * gives 'Somthing went wrong'. Never rejects: the answer is always a text for the 'CDSL Message' dialog.
 */
export async function requestForgotTpin(clientId: string): Promise<string> {
  try {
    const { data } = await callApi(forgotTpin, { clientId, source: 'web' });
    return data.STATUS === 'S' ? accountText.forgotTpinSuccess : data.MESSAGE;
  } catch {
    return platformText.somthingWentWrong;
  }
}
