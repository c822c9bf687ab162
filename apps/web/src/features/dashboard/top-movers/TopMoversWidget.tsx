import {
  deriveAbilities,
  formatQuantity,
  groupIndian,
  investingText,
  moverIndices,
  tradingText,
  type Quote,
} from '@kite/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { ChartIcon } from '../../../components/icons/icons.tsx';
import { TickingPrice } from '../../../components/ticking/TickingPrice.tsx';
import { useLoginState } from '../../../lib/session/session-store.ts';
import { streamKeyFor, useStreamRegistration } from '../../../lib/stream/stream.ts';
import { useLevel1 } from '../../../lib/stream/tick-store.ts';
import { amountSign } from '../../margin/margin-format.ts';
import { openScripDetails, selectedScrip, type ScripRef } from '../../market-data/selected-scrip.ts';
import { mayTrade } from '../../market-data/trade-permission.ts';
import { openAddToWatchlistDialog, openChartPopup, orderDialog } from '../../shell-dialogs/index.ts';
import { useDashboard } from '../dashboard-store.ts';
import {
  COMPACT_ROWS,
  DEFAULT_MOVERS,
  EXPANDED_ROWS,
  useTopMovers,
  type MoversChoice,
  type MoversKind,
} from './top-movers.ts';
import styles from './top-movers.module.css';

const text = investingText.topMovers;

function keyOf(q: Quote) {
  return streamKeyFor({ exc: q.sym.exc, streamSym: q.streamSym, exc_seg: q.sym.exc_seg, xSym: q.sym.xSym });
}

function scripOf(q: Quote): ScripRef {
  return { sym: q.sym, displaySym: q.displaySym, companyName: q.companyName, streamSym: q.streamSym, tradable: true };
}

type PriceFigure = 'chng' | 'chngPer' | 'bidPrice' | 'askPrice';
type QuantityFigure = 'vol' | 'bidQty' | 'askQty' | 'totBuyQty' | 'totSellQty' | 'ltq';

/** A row's figure as the stream has it now, else as the list answered it (investing.md: ticks update the figures). */
function Live({ row, figure }: { row: Quote; figure: PriceFigure | QuantityFigure }) {
  const tick = useLevel1(keyOf(row));
  if (figure === 'ltq') return <span className="num">{tick ? formatQuantity(tick.ltq) : '--'}</span>;
  const value = tick?.[figure] ?? row[figure];
  if (value === null) return <span className="num">--</span>;
  if (typeof value === 'number') return <span className="num">{formatQuantity(value)}</span>;
  const shown = groupIndian(value);
  if (figure === 'chng' || figure === 'chngPer')
    return <span className={`num ${amountSign(value)}`}>{figure === 'chngPer' ? `${shown}%` : shown}</span>;
  return <span className="num">{shown}</span>;
}

/** The expanded list's choices (investing.md: an NSE/BSE switch, an index dropdown and a period dropdown). */
function Choices({ choice, onChange }: { choice: MoversChoice; onChange: (next: MoversChoice) => void }) {
  return (
    <div className={styles.choices}>
      <div role="radiogroup" aria-label={text.exchange} className={styles.switch}>
        {(['NSE', 'BSE'] as const).map((exc) => (
          <button
            key={exc}
            type="button"
            role="radio"
            aria-checked={choice.exc === exc}
            className={styles.switchButton}
            // Choosing an exchange resets the index to none.
            onClick={() => exc !== choice.exc && onChange({ ...choice, exc, index: '' })}
          >
            {exc}
          </button>
        ))}
      </div>
      <label className={styles.choice}>
        {text.index}
        <select
          className={styles.select}
          value={choice.index}
          onChange={(event) => onChange({ ...choice, index: event.target.value })}
        >
          <option value="">{text.noIndex}</option>
          {moverIndices[choice.exc].map((index) => (
            <option key={index} value={index}>
              {index}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.choice}>
        {text.period}
        <select className={styles.select} value={choice.period} onChange={() => undefined}>
          <option value="today">{text.periods.today}</option>
        </select>
      </label>
    </div>
  );
}

/**
 * The dashboard's top gainers or top losers (investing.md "Top gainers / losers"): a compact list of NSE's largest
 * moves today; expanded, the exchange, index and period can be chosen and each row adds the best bid and offer, last
 * traded and total quantities, chart (the shell's chart popup), add-to-watchlist, BUY and SELL.
 */
export function TopMoversWidget({ kind }: { kind: MoversKind }) {
  const navigate = useNavigate();
  const login = useLoginState();
  const abilities = login ? deriveAbilities(login.accountDetails, login.flags) : null;
  const expanded = useDashboard().expanded === (kind === 'gainers' ? 'topGainers' : 'topLosers');
  const [choice, setChoice] = useState(DEFAULT_MOVERS);
  const shown = expanded ? choice : DEFAULT_MOVERS;
  const query = useTopMovers(kind, shown, expanded ? EXPANDED_ROWS : COMPACT_ROWS);
  const rows = query.data;
  // investing.md: the movers' live prices are dropped while the chart or order dialog is open, restored on close.
  useStreamRegistration(`dashboard-top-${kind}`, (rows ?? []).map(keyOf), 'level1', { dropWhilePaused: true });
  const c = text.columns;
  const live = (id: PriceFigure | QuantityFigure, header: string): DataColumn<Quote> => ({
    id,
    header,
    align: 'end',
    cell: (q) => <Live row={q} figure={id} />,
  });
  const trade = (q: Quote, side: 'BUY' | 'SELL') => {
    selectedScrip.set(scripOf(q));
    orderDialog().open(side);
  };
  const columns: DataColumn<Quote>[] = [
    {
      id: 'symbol',
      header: c.symbol,
      cell: (q) => (
        <button
          type="button"
          className={styles.symbol}
          title={q.companyName}
          onClick={() => openScripDetails(scripOf(q), navigate)}
        >
          {q.displaySym}
        </button>
      ),
    },
    {
      id: 'ltp',
      header: c.ltp,
      align: 'end',
      cell: (q) => <TickingPrice streamKey={keyOf(q)} fallback={q.ltp} className="num" />,
    },
    live('chng', c.change),
    live('chngPer', c.changePercent),
    live('vol', c.volume),
    ...(expanded
      ? [
          live('bidPrice', c.bid),
          live('askPrice', c.offer),
          live('bidQty', c.bidQty),
          live('askQty', c.offerQty),
          live('ltq', c.ltq),
          live('totBuyQty', c.tbq),
          live('totSellQty', c.tsq),
          {
            id: 'trade',
            header: c.trade,
            align: 'end' as const,
            cell: (q: Quote) => {
              const permitted = abilities !== null && mayTrade(q.sym, abilities);
              return (
                <span className={styles.trade}>
                  <Button
                    size="small"
                    variant="ghost"
                    aria-label={text.openChart(q.displaySym)}
                    title={text.openChart(q.displaySym)}
                    onClick={() => {
                      selectedScrip.set(scripOf(q));
                      void openChartPopup(q.sym);
                    }}
                  >
                    <ChartIcon />
                  </Button>
                  <Button
                    size="small"
                    variant="ghost"
                    aria-label={text.addToWatchlist(q.displaySym)}
                    title={text.addToWatchlist(q.displaySym)}
                    onClick={() => void openAddToWatchlistDialog(q.sym)}
                  >
                    +
                  </Button>
                  {(['BUY', 'SELL'] as const).map((side) => (
                    <Button
                      key={side}
                      size="small"
                      variant={side === 'BUY' ? 'buy' : 'sell'}
                      aria-label={`${side} ${q.displaySym}`}
                      disabled={!permitted}
                      title={permitted ? undefined : tradingText.segmentNotSubscribed}
                      onClick={() => trade(q, side)}
                    >
                      {side === 'BUY' ? tradingText.buy : tradingText.sell}
                    </Button>
                  ))}
                </span>
              );
            },
          },
        ]
      : []),
  ];
  return (
    <div className={styles.widget}>
      {expanded && <Choices choice={choice} onChange={setChoice} />}
      <DataTable
        caption={
          kind === 'gainers' ? text.gainersCaption(shown.exc, shown.index) : text.losersCaption(shown.exc, shown.index)
        }
        columns={columns}
        rows={rows}
        rowKey={(q) => q.sym.id}
        loading={query.isFetching}
        loadingText={text.loading}
        error={query.error ? query.error.message : undefined}
        empty={kind === 'gainers' ? text.noGainers(shown.exc, shown.index) : text.noLosers(shown.exc, shown.index)}
      />
    </div>
  );
}

export function TopGainersWidget() {
  return <TopMoversWidget kind="gainers" />;
}

export function TopLosersWidget() {
  return <TopMoversWidget kind="losers" />;
}
