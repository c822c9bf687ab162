import { tradingText } from '@kite/domain';
import styles from './order-entry.module.css';

const t = tradingText.orderEntry;

export interface OrderOutcome {
  ok: boolean;
  headline: string;
  message: string;
  orderId: string;
}

/** The result page (trading.md 2.2, 8): 'symbol - exchange', headline, message and order id. */
export function OrderResultPage({ outcome, symbol, exchange }: { outcome: OrderOutcome; symbol: string; exchange: string }) {
  return (
    <div className={styles.result} role="status">
      <p className={styles.resultSymbol}>{t.resultSymbolLine(symbol, exchange)}</p>
      <p className={outcome.ok ? styles.resultHeadline : `${styles.resultHeadline} ${styles.failedText}`}>{outcome.headline}</p>
      {outcome.message && outcome.message !== outcome.headline && <p className={styles.resultMessage}>{outcome.message}</p>}
      {outcome.orderId && (
        <p className={styles.resultOrderId}>
          {tradingText.orderDialog.orderId}: <span className="num" data-testid="order-id">{outcome.orderId}</span>
        </p>
      )}
    </div>
  );
}
