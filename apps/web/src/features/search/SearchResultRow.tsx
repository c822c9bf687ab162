import { tradingText, type SymbolObject } from '@kite/domain';
import type { ReactNode } from 'react';
import { displayPercent, displayPrice, priceDecimalsOf, signOf, withSign } from '../market-data/price-format.ts';
import styles from './search.module.css';

export interface RowView {
  sym: SymbolObject;
  displaySym: string;
  companyName: string;
  tradable: boolean;
  ltp?: string;
  chngPer?: string;
}

export interface SearchResultRowProps {
  id: string;
  row: RowView;
  active: boolean;
  choosable: boolean;
  /** Leads to the option flow rather than choosing a contract. */
  opensChain?: boolean;
  onChoose: () => void;
  onHover: () => void;
  /** BUY and SELL buttons (header context); disabled with the spec's text without the segment (trading.md 5.3). */
  trade?: { permitted: boolean; onTrade: (side: 'BUY' | 'SELL') => void };
}

function TradeButtons({ label, permitted, onTrade }: { label: string; permitted: boolean; onTrade: (side: 'BUY' | 'SELL') => void }) {
  const title = permitted ? undefined : tradingText.segmentNotSubscribed;
  const button = (side: 'BUY' | 'SELL', text: ReactNode) => (
    <button
      type="button"
      tabIndex={-1}
      className={`${styles.trade} ${side === 'BUY' ? styles.tradeBuy : styles.tradeSell}`}
      aria-label={`${side} ${label}`}
      title={title}
      disabled={!permitted}
      onMouseDown={(event) => event.preventDefault()}
      onClick={(event) => {
        event.stopPropagation();
        onTrade(side);
      }}
    >
      {text}
    </button>
  );
  return (
    <span className={styles.actions}>
      {button('BUY', 'B')}
      {button('SELL', 'S')}
    </span>
  );
}

/** One result: symbol, exchange, company, last price and change; one element per row for the arrow keys. */
export function SearchResultRow({ id, row, active, choosable, opensChain = false, onChoose, onHover, trade }: SearchResultRowProps) {
  const decimals = priceDecimalsOf(row.sym.exc);
  const direction = signOf(row.chngPer);
  return (
    <li role="presentation" className={styles.row} data-active={active || undefined} onMouseEnter={onHover}>
      <div
        id={id}
        role="option"
        aria-selected={active}
        aria-disabled={!choosable || undefined}
        className={styles.option}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          if (choosable) onChoose();
        }}
      >
        <span className={styles.names}>
          <span className={styles.symbol}>
            {row.displaySym}
            <span className={styles.exchange}>{row.sym.exc}</span>
            {!row.tradable && <span className={styles.flag}>{tradingText.notTradable}</span>}
          </span>
          <span className={styles.company}>{row.companyName}</span>
        </span>
        {row.ltp !== undefined && (
          <span className={styles.quote}>
            <span className="num">{displayPrice(row.ltp, decimals)}</span>
            <span className={`num ${styles.change} ${direction}`}>{withSign(displayPercent(row.chngPer), row.chngPer)}%</span>
          </span>
        )}
        {opensChain && (
          <span className={styles.chevron} aria-hidden="true">
            ›
          </span>
        )}
      </div>
      {trade && row.tradable && <TradeButtons label={row.displaySym} permitted={trade.permitted} onTrade={trade.onTrade} />}
    </li>
  );
}
