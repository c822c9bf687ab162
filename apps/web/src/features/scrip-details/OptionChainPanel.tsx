import {
  displayDate,
  formatQuantity,
  parsePrice,
  tradingText,
  type OptionChainLeg,
  type OptionChainRow,
  type SymbolObject,
} from '@kite/domain';
import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import { useOptionChain } from '../market-data/get-option-chain.ts';
import { displayPercent, displayPrice, priceDecimalsOf, signOf, withSign } from '../market-data/price-format.ts';
import { openScripDetails } from '../market-data/selected-scrip.ts';
import { opensDetails } from '../market-data/trade-permission.ts';
import styles from './scrip-details.module.css';

const t = tradingText.optionChain;
/** MKT006: the underlying has no options (a stock outside F&O): the page shows no chain at all. */
const NO_OPTIONS = 'MKT006';
/** Strikes shown either side of the at-the-money one until the client asks for all of them. */
export const STRIKES_EACH_SIDE = 15;
const DASH = '--';

type Side = 'call' | 'put';
type LegFigure = 'oi' | 'oiChange' | 'volume' | 'ltp' | 'chngPer';

/** The strikes around the at-the-money one (the middle strike when none is marked), in the server's order. */
export function strikesNear(rows: readonly OptionChainRow[], each: number): readonly OptionChainRow[] {
  const atm = rows.findIndex((row) => row.atm);
  const centre = atm >= 0 ? atm : Math.floor(rows.length / 2);
  return rows.slice(Math.max(0, centre - each), centre + each + 1);
}

function signedQuantity(value: number): string {
  return value > 0 ? `+${formatQuantity(value)}` : formatQuantity(value);
}

/** A leg's last price: a button opening that option's scrip details, as a symbol does everywhere else. */
function LegPrice({ leg }: { leg: OptionChainLeg }) {
  const navigate = useNavigate();
  const price = displayPrice(leg.ltp, priceDecimalsOf(leg.sym.exc));
  if (!opensDetails(leg.sym)) return <span className="num">{price}</span>;
  const open = () =>
    openScripDetails(
      {
        sym: leg.sym,
        displaySym: leg.displaySym,
        companyName: leg.companyName,
        streamSym: leg.streamSym,
        tradable: true,
      },
      navigate,
    );
  return (
    <button
      type="button"
      className={`num ${styles.ocLtp}`}
      aria-label={t.openLeg(leg.displaySym)}
      title={t.openLeg(leg.displaySym)}
      onClick={open}
    >
      {price}
    </button>
  );
}

function legCell(figure: LegFigure, leg: OptionChainLeg | null) {
  if (!leg) return <span className={`num ${styles.ocNone}`}>{DASH}</span>;
  switch (figure) {
    case 'oi':
      return <span className="num">{formatQuantity(leg.openInterest)}</span>;
    case 'oiChange':
      return <span className="num">{signedQuantity(leg.oiChange)}</span>;
    case 'volume':
      return <span className="num">{formatQuantity(leg.vol)}</span>;
    case 'ltp':
      return <LegPrice leg={leg} />;
    case 'chngPer':
      return <span className={`num ${signOf(leg.chngPer)}`}>{withSign(displayPercent(leg.chngPer), leg.chngPer)}</span>;
  }
}

/** Calls on the left, the strike in the middle, puts on the right mirroring them (NSE's and Kite's layout). */
function chainColumns(decimals: ReturnType<typeof priceDecimalsOf>): DataColumn<OptionChainRow>[] {
  const leg = (side: Side, figure: LegFigure): DataColumn<OptionChainRow> => ({
    id: `${side}-${figure}`,
    header: t.columns[figure],
    label: t.columnLabels[side][figure],
    cell: (row) => legCell(figure, row[side]),
    align: 'end',
    className: side === 'call' ? styles.ocCall : styles.ocPut,
  });
  return [
    leg('call', 'oi'),
    leg('call', 'oiChange'),
    leg('call', 'volume'),
    leg('call', 'ltp'),
    leg('call', 'chngPer'),
    {
      id: 'strike',
      header: t.columns.strike,
      align: 'center',
      className: styles.ocStrike,
      cell: (row) => (
        <span className={styles.ocStrikeValue}>
          <span className="num">{displayPrice(row.strike, decimals)}</span>
          {row.atm && <span className={styles.ocAtmTag}>{t.atm}</span>}
        </span>
      ),
    },
    leg('put', 'ltp'),
    leg('put', 'chngPer'),
    leg('put', 'volume'),
    leg('put', 'oiChange'),
    leg('put', 'oi'),
  ];
}

/**
 * Scrolls the table's own area so the at-the-money row sits in its middle: once per expiry and per toggle, never on
 * a refresh (that would take the rows away from a client reading them).
 */
function useCentreOnAtm(box: RefObject<HTMLElement | null>, key: string | null) {
  const centred = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (key === null || centred.current === key) return;
    const row = box.current?.querySelector<HTMLElement>(`tr.${styles.ocAtm}`);
    const scroller = row?.closest('table')?.parentElement;
    if (!row || !scroller) return;
    centred.current = key;
    const offset = row.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    scroller.scrollTop = Math.max(0, offset - (scroller.clientHeight - row.offsetHeight) / 2);
  });
}

/** /Market/GetOptionChain on the scrip page of an index or a stock with options; nothing for one without. */
export function OptionChainPanel({ sym, headingId }: { sym: SymbolObject; headingId: string }) {
  const [expiry, setExpiry] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const chain = useOptionChain(sym, expiry);
  const selectId = useId();
  const box = useRef<HTMLElement>(null);
  const data = chain.data;
  useCentreOnAtm(box, data ? `${data.expiry}|${showAll}` : null);

  if (chain.isError && chain.error instanceof ApiError && chain.error.infoID === NO_OPTIONS) return null;

  const decimals = priceDecimalsOf(data?.underlying.sym.exc ?? sym.exc);
  const spot = data ? parsePrice(data.underlying.ltp, decimals) : null;
  const rowClass = (row: OptionChainRow) => {
    const strike = parsePrice(row.strike, decimals);
    const itm = spot !== null && strike !== null;
    return [
      row.atm ? styles.ocAtm : '',
      itm && strike < spot ? styles.ocCallItm : '',
      itm && strike > spot ? styles.ocPutItm : '',
    ]
      .filter(Boolean)
      .join(' ');
  };
  const rows = data ? (showAll ? data.strikes : strikesNear(data.strikes, STRIKES_EACH_SIDE)) : undefined;
  const clipped = data !== undefined && data.strikes.length > strikesNear(data.strikes, STRIKES_EACH_SIDE).length;

  return (
    <section ref={box} className={styles.optionChainSection} aria-labelledby={headingId}>
      <div className={styles.ocHead}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {t.title}
        </h2>
        {data && (
          <div className={styles.ocControls}>
            <span className={styles.ocUnderlying}>
              <span className={styles.ocLabel}>{t.underlying}</span>
              <span>{data.underlying.displaySym}</span>
              <span className="num">{displayPrice(data.underlying.ltp, decimals)}</span>
              <span className={`num ${signOf(data.underlying.chngPer)}`}>
                ({withSign(displayPercent(data.underlying.chngPer), data.underlying.chngPer)}%)
              </span>
            </span>
            <label className={styles.ocFilter} htmlFor={selectId}>
              {t.expiry}
              <select
                id={selectId}
                className={styles.ocSelect}
                value={expiry ?? data.expiry}
                onChange={(event) => setExpiry(event.target.value)}
              >
                {data.expiries.map((day) => (
                  <option key={day} value={day}>
                    {displayDate(day)}
                  </option>
                ))}
              </select>
            </label>
            {clipped && (
              <Button variant="ghost" size="small" aria-pressed={showAll} onClick={() => setShowAll(!showAll)}>
                {showAll ? t.showNear : t.showAll(data.strikes.length)}
              </Button>
            )}
          </div>
        )}
      </div>
      {chain.isError && (
        <p className={styles.message} role="alert">
          {chain.error.message}
        </p>
      )}
      {!data && !chain.isError && (
        <p className={styles.message} role="status">
          {t.loading}
        </p>
      )}
      {data && rows && (
        <>
          <div className={styles.ocSides} aria-hidden="true">
            <span>{t.calls}</span>
            <span>{t.puts}</span>
          </div>
          <DataTable
            caption={t.caption(data.underlying.displaySym, displayDate(data.expiry))}
            columns={chainColumns(decimals)}
            rows={rows}
            rowKey={(row) => row.strike}
            rowClassName={rowClass}
            loading={chain.isFetching}
            empty={t.empty}
            density="compact"
            className={styles.ocTable}
          />
        </>
      )}
    </section>
  );
}
