import { platformText, type SymbolObject } from '@kite/domain';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog } from '../../components/dialog/index.ts';
import styles from './shell-dialogs.module.css';

/** The frame of a shared dialog whose content a later issue fills in (platform.md 2.8): select scrip. */
function openPendingDialog(title: string, key: string): Promise<void> {
  return openDialog<void>(
    (close) => (
      <Dialog
        title={title}
        size="medium"
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
/** The chart popup (platform.md 2.8) for a symbol, loaded on first use: the charts and their library stay out of the first screen. */
export async function openChartPopup(sym: SymbolObject): Promise<void> {
  const { openChartDialog } = await import('../charts/ChartDialog.tsx');
  await openChartDialog(sym);
}
