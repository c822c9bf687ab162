import { platformText } from '@kite/domain';
import { confirmDialog, showError, showMessage } from '../../components/dialog/index.ts';
import { requestForgotTpin, requestTpinReset } from './api/credentials.ts';
import { securityText } from './security-text.ts';

/** Reset TPIN (platform.md 7.2): after a confirmation, the server sends a new TPIN; its answer or refusal is shown. */
export async function resetTpinWithConfirmation(): Promise<void> {
  const go = await confirmDialog({ header: securityText.resetTpinTitle, message: securityText.resetTpinConfirm });
  if (!go) return;
  try {
    await showMessage({ message: await requestTpinReset() });
  } catch (error) {
    await showError(error instanceof Error && error.message ? error.message : platformText.somethingWentWrong);
  }
}

/** CDSL forgot TPIN as the order dialog's footer link does it (trading.md 8): the answer in a 'CDSL Message' dialog. */
export async function forgotTpin(clientId: string): Promise<void> {
  await showMessage({ header: platformText.cdslMessageHeader, message: await requestForgotTpin(clientId) });
}

/** From the security panel a new TPIN is generated only after a confirmation (it replaces the current one). */
export async function forgotTpinWithConfirmation(clientId: string): Promise<void> {
  const go = await confirmDialog({ header: securityText.forgotTpinTitle, message: securityText.forgotTpinConfirm });
  if (go) await forgotTpin(clientId);
}
