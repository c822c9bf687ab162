import { nonPoaDematsSchema, tradingText, type NonPoaDemats } from '@kite/domain';
import { showMessage } from '../../components/dialog/index.ts';
import { session, storageKeys } from '../../lib/storage/storage.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { submitEdis } from './api/submit-edis.ts';
import { messageOf } from './use-order-data.ts';

/** The stored e-DIS details (platform.md 3.3), or null for POA clients. */
export function storedNonPoaDemats(): NonPoaDemats | null {
  const raw = session.get(storageKeys.nonPoaDemats);
  if (!raw) return null;
  try {
    const parsed = nonPoaDematsSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.nonPoaFlag && parsed.data.demats.length > 0 ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * SUBMIT E-DIS (trading.md 4.2): a depository whose service is down answers the 'Api Status' dialog; otherwise
 * /Edis/Submit names the depository page (simulated CDSL/NSDL), which opens for the TPIN.
 */
export async function startEdis(scrip: ScripRef, quantity: string, details: NonPoaDemats): Promise<void> {
  const demat = details.demats[0];
  if (!demat) return;
  if (demat.dpApiStatus === 'N') {
    await showMessage({
      header: tradingText.edis.apiStatusHeader,
      message: demat.dpType === 'NSDL' ? tradingText.edis.nsdlDown : tradingText.edis.cdslDown,
    });
    return;
  }
  try {
    const answer = await submitEdis({
      dpId: demat.dpID,
      clientId: details.clientId,
      symbolId: scrip.sym.id,
      exchangeId: scrip.sym.exc,
      companyName: scrip.companyName,
      source: 'W',
      appKey: details.nonPoaAppKey,
      appName: tradingText.orderDialog.appName,
      reqType: 'DEFAULT_REQ',
      clientId1: details.clientId,
      quantity: quantity.trim() || '0',
    });
    if (answer.depositoryUrl) {
      // A blocked pop-up falls back to this tab; the depository page returns here when done.
      const opened = window.open(answer.depositoryUrl, '_blank');
      if (!opened) window.location.assign(answer.depositoryUrl);
      return;
    }
    await showMessage({ header: tradingText.edis.cdslMessageHeader, message: answer.Message });
  } catch (error) {
    await showMessage({ header: tradingText.edis.cdslMessageHeader, message: messageOf(error, tradingText.edis.somthingWentWrong) });
  }
}
