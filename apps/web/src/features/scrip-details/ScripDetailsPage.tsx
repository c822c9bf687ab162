import {
  deriveAbilities,
  formatQuantity,
  parsePrice,
  tradingText,
  type Abilities,
  type PriceDecimals,
  type Quote,
  type SymbolObject,
} from '@kite/domain';
import { useEffect, useId } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { MarketDepth, type DepthView } from '../../components/market-depth/MarketDepth.tsx';
import { TickingPrice } from '../../components/ticking/TickingPrice.tsx';
import { useLoginState } from '../../lib/session/session-store.ts';
import { streamKeyFor, useStreamRegistration } from '../../lib/stream/stream.ts';
import { useLevel1 } from '../../lib/stream/tick-store.ts';
import { useQuote, type QuoteAnswer } from '../market-data/get-quote.ts';
import { displayPercent, displayPrice, priceDecimalsOf, signOf, withSign } from '../market-data/price-format.ts';
import { selectedScrip, useSelectedScrip, type ScripRef } from '../market-data/selected-scrip.ts';
import { mayTrade, opensDetails } from '../market-data/trade-permission.ts';
import { orderDialog } from '../shell-dialogs/index.ts';
import { ContractPanel } from './ContractPanel.tsx';
import { IntradayChart } from './IntradayChart.tsx';
import { OptionChainPanel } from './OptionChainPanel.tsx';
import { quoteView, rangePosition, type QuoteView } from './quote-view.ts';
import { Stat } from './Stat.tsx';
import styles from './scrip-details.module.css';

const SCREEN = 'scripdetails';

function depthFrom(answer: QuoteAnswer): DepthView {
  return {
    bids: answer.bids.map((level) => ({ bidNoOrders: level.orders, bidPrice: level.price, bidQty: level.qty })),
    asks: answer.asks.map((level) => ({ askNoOrders: level.orders, askPrice: level.price, askQty: level.qty })),
    totBuyQty: answer.quote.totBuyQty,
    totSellQty: answer.quote.totSellQty,
  };
}

function RangeBar({ label, low, high, value, decimals }: { label: string; low: string | null; high: string | null; value: string; decimals: PriceDecimals }) {
  const unit = (text: string | null) => (text === null ? null : parsePrice(text, decimals));
  const position = rangePosition(unit(low), unit(high), unit(value));
  return (
    <div className={styles.range}>
      <div className={styles.rangeLabels}>
        <span className="num">{displayPrice(low, decimals)}</span>
        <span className={styles.rangeName}>{label}</span>
        <span className="num">{displayPrice(high, decimals)}</span>
      </div>
      <div className={styles.rangeTrack} role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={position ?? 0}>
        {position !== null && <span className={styles.rangeMarker} style={{ left: `${position}%` }} />}
      </div>
    </div>
  );
}

function TradeButtons({ scrip, abilities }: { scrip: ScripRef; abilities: Abilities }) {
  const noteId = useId();
  if (!scrip.tradable) return <span className={styles.notTradable}>{tradingText.notTradable}</span>;
  const permitted = mayTrade(scrip.sym, abilities);
  const open = (side: 'BUY' | 'SELL') => {
    selectedScrip.set(scrip);
    orderDialog().open(side);
  };
  const described = permitted ? {} : { 'aria-describedby': noteId, title: tradingText.segmentNotSubscribed };
  return (
    <div className={styles.trade}>
      <div className={styles.tradeButtons}>
        <Button variant="buy" disabled={!permitted} onClick={() => open('BUY')} {...described}>
          {tradingText.buy}
        </Button>
        <Button variant="sell" disabled={!permitted} onClick={() => open('SELL')} {...described}>
          {tradingText.sell}
        </Button>
      </div>
      {!permitted && (
        <p id={noteId} className={styles.tradeNote} role="note">
          {tradingText.segmentNotSubscribed}
        </p>
      )}
    </div>
  );
}

/** An index or a stock may have options written on it: the page asks for its chain (MKT006 when it has none). */
function hasOptionChain(sym: SymbolObject): boolean {
  return sym.instr === 'IDX' || sym.instr === 'STK';
}

function isDerivative(instr: string): boolean {
  return instr.startsWith('FUT') || instr.startsWith('OPT');
}

/** The figures only a traded scrip has (an index has no volume, bids, offers, price band, lot or tick). */
function TradingStats({ view, quote, sym, decimals }: { view: QuoteView; quote: Quote; sym: SymbolObject; decimals: PriceDecimals }) {
  const price = (value: string | null) => displayPrice(value, decimals);
  return (
    <>
      <Stat label="Volume">{formatQuantity(view.vol)}</Stat>
      <Stat label="Avg. trade price">{price(view.atp)}</Stat>
      <Stat label="Bid">
        {price(view.bidPrice)} <span className={styles.qty}>× {formatQuantity(view.bidQty)}</span>
      </Stat>
      <Stat label="Offer">
        {price(view.askPrice)} <span className={styles.qty}>× {formatQuantity(view.askQty)}</span>
      </Stat>
      <Stat label="Daily price range">
        {price(view.dprLow)} - {price(view.dprHigh)}
      </Stat>
      <Stat label="Lot size">{formatQuantity(quote.lot)}</Stat>
      <Stat label="Tick size">{displayPrice(quote.tickSize, decimals)}</Stat>
      {isDerivative(sym.instr) ? (
        <Stat label="Open interest">{view.openInterest === null ? '--' : formatQuantity(view.openInterest)}</Stat>
      ) : (
        <Stat label="Last updated">{view.updated}</Stat>
      )}
    </>
  );
}

function Details({ scrip, abilities }: { scrip: ScripRef; abilities: Abilities }) {
  const { sym } = scrip;
  const decimals = priceDecimalsOf(sym.exc);
  const key = streamKeyFor({ exc: sym.exc, streamSym: scrip.streamSym, exc_seg: sym.exc_seg, xSym: sym.xSym });
  useStreamRegistration(SCREEN, [key], 'level1');
  const tick = useLevel1(key);
  const quote = useQuote(sym);

  const head = (
    <div className={styles.titleBlock}>
      <h1 className={styles.title}>
        {scrip.displaySym}
        <span className={styles.exchange}>{sym.exc}</span>
      </h1>
      <p className={styles.company}>{scrip.companyName}</p>
    </div>
  );

  if (quote.isError) {
    return (
      <div className={styles.page}>
        <header className={styles.header}>{head}</header>
        <p className={styles.message} role="alert">
          {quote.error.message}
        </p>
      </div>
    );
  }
  if (!quote.data) {
    return (
      <div className={styles.page}>
        <header className={styles.header}>{head}</header>
        <p className={styles.message} role="status">
          {tradingText.quoteLoading}
        </p>
      </div>
    );
  }
  const view: QuoteView = quoteView(quote.data.quote, tick);
  const direction = signOf(view.chng);
  const price = (value: string | null) => displayPrice(value, decimals);
  const ltpUnits = parsePrice(view.ltp, decimals);
  const closeUnits = parsePrice(view.close, decimals);
  // An index is a quote only: no trading figures and no market depth (trading.md 2.7).
  const index = sym.instr === 'IDX';
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {head}
        <div className={styles.lastPrice} aria-label="Last traded price">
          <TickingPrice streamKey={key} fallback={view.ltp} className={styles.ltp} />
          <span className={`num ${styles.change} ${direction}`} data-testid="change">
            {withSign(price(view.chng), view.chng)} ({withSign(displayPercent(view.chngPer), view.chngPer)}%)
          </span>
        </div>
        <TradeButtons scrip={scrip} abilities={abilities} />
      </header>

      <div className={index ? `${styles.body} ${styles.bodyWide}` : styles.body}>
        <div className={styles.main}>
          <section className={styles.overview} aria-label="Overview">
            <dl className={styles.stats}>
              <Stat label="Open">{price(view.open)}</Stat>
              <Stat label="High">{price(view.high)}</Stat>
              <Stat label="Low">{price(view.low)}</Stat>
              <Stat label="Prev. close">{price(view.close)}</Stat>
              {index ? (
                <Stat label="Last updated">{view.updated}</Stat>
              ) : (
                <TradingStats view={view} quote={quote.data.quote} sym={sym} decimals={decimals} />
              )}
            </dl>
            <div className={styles.ranges}>
              <RangeBar label="Day's range" low={view.low} high={view.high} value={view.ltp} decimals={decimals} />
              <RangeBar label="52-week range" low={view.yearLow} high={view.yearHigh} value={view.ltp} decimals={decimals} />
            </div>
            <div className={styles.chartSection}>
              <h2 className={styles.sectionTitle}>{tradingText.chartTitle}</h2>
              <IntradayChart
                sym={sym}
                decimals={decimals}
                live={tick && ltpUnits !== null ? { units: ltpUnits, time: tick.lTradedTime } : null}
                closeUnits={closeUnits}
                up={direction !== 'down'}
              />
            </div>
          </section>
          {hasOptionChain(sym) && <OptionChainPanel sym={sym} headingId={`${SCREEN}-option-chain`} />}
        </div>
        {!index && (
          <div className={styles.side}>
            <section className={styles.depthSection} aria-labelledby={`${SCREEN}-depth`}>
              <h2 id={`${SCREEN}-depth`} className={styles.sectionTitle}>
                {tradingText.depthTitle}
              </h2>
              <MarketDepth streamKey={key} screen={SCREEN} initial={depthFrom(quote.data)} />
            </section>
            <ContractPanel sym={sym} headingId={`${SCREEN}-contract`} />
          </div>
        )}
      </div>
    </div>
  );
}

/** /home/scripdetails (trading.md 2): the selected scrip's live quote, depth, intraday chart, BUY and SELL. */
export function ScripDetailsPage() {
  const location = useLocation();
  const stored = useSelectedScrip();
  const fromHistory = (location.state as { scrip?: ScripRef } | null)?.scrip ?? null;
  const scrip = fromHistory ?? stored;
  const login = useLoginState();

  // After a reload only the history entry remembers the scrip; it becomes the selected one again.
  useEffect(() => {
    if (fromHistory && selectedScrip.get() !== fromHistory) selectedScrip.set(fromHistory);
  }, [fromHistory]);

  if (!login) return null;
  const abilities = deriveAbilities(login.accountDetails, login.flags);
  if (!scrip) {
    return (
      <div className={styles.page}>
        <h1 className={styles.visuallyHidden}>{tradingText.scripDetailsTitle}</h1>
        <p className={styles.message}>{tradingText.scripDetailsEmpty}</p>
      </div>
    );
  }
  if (!opensDetails(scrip.sym)) {
    return (
      <div className={styles.page}>
        <h1 className={styles.visuallyHidden}>{tradingText.scripDetailsTitle}</h1>
        <p className={styles.message}>{tradingText.scripDetailsNoDetails}</p>
      </div>
    );
  }
  return <Details key={`${scrip.sym.exc}|${scrip.sym.id}|${scrip.sym.xSym}`} scrip={scrip} abilities={abilities} />;
}
