import { platformText } from '@kite/domain';
import { confirmDialog } from '../../components/dialog/index.ts';

/** External links open in a new tab after the redirection warning (platform.md 2.4, 2.8). */
export async function openExternalLink(url: string): Promise<boolean> {
  const go = await confirmDialog({
    header: platformText.redirectHeader,
    message: platformText.redirectMessage,
    positive: 'CONTINUE',
    negative: 'CANCEL',
  });
  if (go) window.open(url, '_blank', 'noopener,noreferrer');
  return go;
}
