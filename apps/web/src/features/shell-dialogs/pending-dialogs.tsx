import { platformText, type SymbolObject } from '@kite/domain';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog } from '../../components/dialog/index.ts';
import styles from './shell-dialogs.module.css';

/** Frames of the shared dialogs whose content the trading and charts issues fill in (platform.md 2.8). */
function openPendingDialog(title: string, key: string, size: 'small' | 'medium' | 'large' = 'medium'): Promise<void> {
  return openDialog<void>(
    (close) => (
      <Dialog
        title={title}
        size={size}
        onDismiss={() => close()}
        footer={
          <Button variant="primary" autoFocus onClick={() => close()}>
            CLOSE
          </Button>
        }
      >
        <p className={styles.pending}>{platformText.featurePending}</p>
      </Dialog>
    ),
    key,
  ).then(() => undefined);
}

export const openSelectScripDialog = () => openPendingDialog(platformText.selectScripTitle, 'select-scrip');
/** Loaded on first use so the first screen stays light (the watchlist feature owns the dialog). */
export async function openAddToWatchlistDialog(sym: SymbolObject): Promise<void> {
  const { openAddToWatchlist } = await import('../watchlist/AddToWatchlistDialog.tsx');
  await openAddToWatchlist(sym);
}
export const openChartPopup = () => openPendingDialog(platformText.chartPopupTitle, 'chart-popup', 'large');
