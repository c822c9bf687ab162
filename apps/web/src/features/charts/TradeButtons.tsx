import { tradingText, type Abilities } from '@kite/domain';
import { Button } from '../../components/button/Button.tsx';
import { selectedScrip, type ScripRef } from '../market-data/selected-scrip.ts';
import { mayTrade } from '../market-data/trade-permission.ts';
import { orderDialog } from '../shell-dialogs/index.ts';
import styles from './charts.module.css';

/** BUY and SELL: the chart's scrip becomes the selected one and the order dialog opens (trading.md 2.1); disabled,
 * with the spec's note as a tooltip, for a segment the client has not subscribed to. */
export function TradeButtons({ scrip, abilities }: { scrip: ScripRef; abilities: Abilities }) {
  const permitted = mayTrade(scrip.sym, abilities);
  const open = (side: 'BUY' | 'SELL') => {
    selectedScrip.set(scrip);
    orderDialog().open(side);
  };
  const note = permitted ? {} : { title: tradingText.segmentNotSubscribed };
  return (
    <div className={styles.trade}>
      <Button variant="buy" size="small" disabled={!permitted} onClick={() => open('BUY')} {...note}>
        {tradingText.buy}
      </Button>
      <Button variant="sell" size="small" disabled={!permitted} onClick={() => open('SELL')} {...note}>
        {tradingText.sell}
      </Button>
    </div>
  );
}
