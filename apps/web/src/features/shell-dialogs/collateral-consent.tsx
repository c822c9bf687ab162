import { limitAgainstHolding, platformText } from '@kite/domain';
import { showMessage } from '../../components/dialog/index.ts';
import { callApi } from '../../lib/api/client.ts';
import { errorMessage, isSessionInvalid } from './session-error.ts';

/**
 * Grants or revokes the consent to use holdings as collateral (platform.md 2.4, 6, 8). Resolves true when the
 * request was accepted, after the dialog the spec gives for each outcome.
 */
export async function requestCollateralConsent(grant: boolean): Promise<boolean> {
  try {
    const { data } = await callApi(limitAgainstHolding, { status: grant ? 'Y' : 'N' });
    if (data.Success) {
      await showMessage({ header: platformText.confirmationHeader, message: platformText.limitAgainstHoldingSuccess });
      return true;
    }
    await showMessage({ header: platformText.messageHeader, message: data.Error_Mesg || platformText.defaultDialogMessage });
    return false;
  } catch (error) {
    if (!isSessionInvalid(error)) {
      await showMessage({ header: platformText.errorHeader, message: errorMessage(error, platformText.defaultDialogMessage) });
    }
    return false;
  }
}
