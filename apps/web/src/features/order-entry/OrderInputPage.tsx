import {
  disclosedQuantityLabels,
  quantityLabel,
  segmentOf,
  sellsShort,
  tradingText,
  type Abilities,
  type OrderDuration,
  type OrderForm,
  type PriceDecimals,
  type ProductType,
  type SellSource,
} from '@kite/domain';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_SQUARE_OFF_MINUTES, fetchSquareOffMinutes } from './api/get-square-off-minutes.ts';
import { DatePicker, NumericInput } from '../../components/inputs/index.ts';
import { displayPercent, displayPrice, signOf, withSign } from '../market-data/price-format.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { SymbolSearch } from '../search/SymbolSearch.tsx';
import type { SearchTab } from '../market-data/search-symbols.ts';
import type { LiveFigures } from './live-figures.ts';
import {
  advanceTypesEnabled,
  disclosedEnabled,
  productTabsShown,
  validityChoices,
  type FormAction,
  type FormField,
} from './order-form-state.ts';
import styles from './order-entry.module.css';
import { TabList } from '../../components/tabs/index.ts';

const t = tradingText.orderEntry;
const d = tradingText.orderDialog;

export interface OrderInputPageProps {
  form: OrderForm;
  dispatch: (change: FormAction) => void;
  scrip: ScripRef | null;
  onScrip: (scrip: ScripRef) => void;
  abilities: Abilities;
  live: LiveFigures;
  decimals: PriceDecimals;
  lot: number;
  tickSize: string;
  quoteError: string | null;
  /** Whether the client has non-POA demat data (platform.md 3.3): the third DP choice. */
  nonPoa: boolean;
  requiredMargin: { value: string | null; busy: boolean };
  /** Exchanges this scrip may switch between (MCX and NCDEX only when enabled). */
  exchanges: readonly string[];
  onExchange: (exchange: string) => void;
  onProduct: (product: ProductType) => void;
}

function searchTabOf(scrip: ScripRef | null): SearchTab {
  if (!scrip) return 'equity';
  const segment = segmentOf(scrip.sym.instr, scrip.sym.exc);
  return segment === 'spread' ? 'fno' : segment;
}

function Radio<T extends string>({
  name,
  label,
  value,
  choices,
  onChange,
  disabled = false,
}: {
  name: string;
  label: string;
  value: T;
  choices: readonly { value: T; label: string; disabled?: boolean }[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className={styles.radioGroup} disabled={disabled}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.radios}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.radio}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              disabled={disabled || choice.disabled}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The order input page (trading.md 2.2). Every rule is the domain's; this page only shows and dispatches. */
export function OrderInputPage(props: OrderInputPageProps) {
  const { form, dispatch, scrip, abilities, live, decimals, lot, tickSize, nonPoa } = props;
  const instr = scrip?.sym.instr ?? 'STK';
  const exchange = scrip?.sym.exc ?? 'NSE';
  const segment = segmentOf(instr, exchange);
  const locked = form.entryType !== 'NEW';
  const qtyLabel = quantityLabel(instr, exchange) === 'LOT' ? t.lot : t.quantity;
  const disclosed = disclosedQuantityLabels({ instr, exchange });
  const tabs = productTabsShown(form, instr, exchange);
  const spread = instr.includes('SPR');
  const set = (field: FormField) => (value: string) => dispatch({ type: 'field', field, value });
  const validities = validityChoices(form, scrip ? { instr, exchange } : null);
  const sellEquity = form.action === 'sell' && segment === 'equity';
  const showDpToggle = sellEquity && (nonPoa || sellsShort(abilities, exchange));
  const dpChoices: { value: SellSource; label: string }[] = [
    { value: 'IN_DP', label: t.inDp },
    { value: 'NOT_IN_DP', label: t.notInDp },
    ...(nonPoa ? [{ value: 'IN_DP_WITHOUT_POA' as const, label: t.inDpWithoutPoa }] : []),
  ];
  const direction = signOf(live.chng);
  const advanceEnabled = advanceTypesEnabled(form, instr);
  const intraday = form.product === 'INTRADAY';
  const [squareOffMinutes, setSquareOffMinutes] = useState(DEFAULT_SQUARE_OFF_MINUTES);
  useEffect(() => {
    if (!intraday) return;
    let live = true;
    void fetchSquareOffMinutes().then((minutes) => live && setSquareOffMinutes(minutes));
    return () => {
      live = false;
    };
  }, [intraday]);
  const root = useRef<HTMLDivElement>(null);
  const startsWithScrip = useRef(scrip !== null);
  useEffect(() => {
    // Keyboard first (trading.md 2.1): with a scrip the quantity takes the focus, after the dialog's own showModal
    // focus (hence the timer). Without one the search is not focused: its Escape closes only its drop-down, and
    // Escape should close the dialog (trading.md 2.1).
    if (!startsWithScrip.current) return;
    const timer = setTimeout(() => root.current?.querySelector<HTMLInputElement>('input[inputmode="numeric"]')?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className={styles.input} ref={root}>
      {!locked && (
        <div className={styles.search}>
          <SymbolSearch
            context="order"
            abilities={abilities}
            onChoose={props.onScrip}
            initialTab={searchTabOf(scrip)}
          />
        </div>
      )}
      <div className={styles.scripLine}>
        {scrip ? (
          <>
            <span className={styles.scripName}>{scrip.displaySym}</span>
            <span className={styles.exchangeTag}>{scrip.sym.exc}</span>
            <span className={styles.ltpLabel}>{d.ltp}</span>
            <span className={`num ${styles.ltp}`} aria-label="Last traded price">
              {displayPrice(live.ltp, decimals)}
            </span>
            <span className={`num ${styles[direction || 'flat']}`}>
              {withSign(displayPrice(live.chng, decimals), live.chng)} ({withSign(displayPercent(live.chngPer), live.chngPer)}%)
            </span>
          </>
        ) : (
          <span className={styles.hint}>{d.noScrip}</span>
        )}
      </div>
      {props.quoteError && (
        <p role="alert" className={styles.formError}>
          {props.quoteError}
        </p>
      )}

      <div className={styles.toggles}>
        <div role="group" aria-label={d.sideLabel} className={styles.sideToggle}>
          {(['buy', 'sell'] as const).map((side) => (
            <button
              key={side}
              type="button"
              aria-pressed={form.action === side}
              disabled={locked && form.action !== side}
              className={[styles.sideButton, styles[side]].join(' ')}
              onClick={() => dispatch({ type: 'action', action: side })}
            >
              {side === 'buy' ? tradingText.buy : tradingText.sell}
            </button>
          ))}
        </div>
        {props.exchanges.length > 1 && (
          <div role="group" aria-label={d.exchangeLabel} className={styles.exchangeToggle}>
            {props.exchanges.map((exc) => (
              <button
                key={exc}
                type="button"
                aria-pressed={exc === exchange}
                disabled={locked}
                className={styles.exchangeButton}
                onClick={() => exc !== exchange && props.onExchange(exc)}
              >
                {exc}
              </button>
            ))}
          </div>
        )}
      </div>

      <div className={styles.productRow}>
        <span className={styles.legend} id="order-for-label">
          {t.orderFor}
        </span>
        <TabList
          tabs={tabs.map((product) => ({
            id: product,
            label: t.productChoices[product] ?? product,
            disabled: locked && form.product !== product,
          }))}
          selected={form.product}
          onSelect={(product) => props.onProduct(product)}
          labelledBy="order-for-label"
          className={styles.tabs}
          tabClassName={styles.tab}
        />
      </div>

      {intraday && <p className={styles.hint}>{t.intradaySquareOffNote(squareOffMinutes)}</p>}

      <div className={styles.grid}>
        <NumericInput
          label={qtyLabel}
          showLabel
          integerOnly
          step={String(lot > 0 ? lot : 1)}
          value={form.quantity}
          onChange={set('quantity')}
        />
        <NumericInput
          label={t.price}
          showLabel
          decimals={decimals}
          tickSize={tickSize}
          value={form.price}
          disabled={form.orderType === 'market'}
          onChange={set('price')}
        />
        {spread ? (
          <NumericInput label={d.priceDiff} showLabel decimals={decimals} allowNegative min="-9999999.9999" tickSize={tickSize} value={form.priceDiff ?? '0'} onChange={set('priceDiff')} />
        ) : (
          <NumericInput
            label={d.triggerPrice}
            showLabel
            decimals={decimals}
            tickSize={tickSize}
            value={form.triggerPrice}
            disabled={form.advanceType !== 'REGULAR'}
            onChange={set('triggerPrice')}
          />
        )}
        <NumericInput
          label={disclosed.label}
          showLabel
          integerOnly
          step={String(lot > 0 ? lot : 1)}
          value={form.disclosedQuantity}
          disabled={!disclosedEnabled(form) || spread}
          onChange={set('disclosedQuantity')}
        />
      </div>

      <div className={styles.choices}>
        <Radio
          name="orderType"
          label={t.orderType}
          value={form.orderType}
          disabled={spread}
          choices={[
            { value: 'limit', label: t.priceTypes.limit },
            { value: 'market', label: t.priceTypes.market, disabled: form.advanceType === 'BRACKET' },
          ]}
          onChange={(orderType) => dispatch({ type: 'orderType', orderType, lastPrice: live.ltp })}
        />
        <Radio<OrderDuration>
          name="validity"
          label={t.validity}
          value={form.validity}
          choices={validities.map((v) => ({ value: v, label: t.validities[v] }))}
          onChange={(validity) => dispatch({ type: 'validity', validity })}
        />
        {form.validity === 'VTD' && (
          <DatePicker label={d.vtdDate} allowFuture value={form.vtdDate} onChange={set('vtdDate')} />
        )}
      </div>

      {!spread && (
        <div className={styles.advance}>
          <Radio
            name="advanceType"
            label={t.advanceOrderType}
            value={form.advanceType}
            disabled={!advanceEnabled}
            choices={(['REGULAR', 'COVER', 'BRACKET'] as const).map((v) => ({ value: v, label: t.advanceTypes[v] }))}
            onChange={(advanceType) => dispatch({ type: 'advanceType', advanceType, lastPrice: live.ltp })}
          />
          {form.advanceType === 'COVER' && (
            <NumericInput label={d.coverTrigger} showLabel decimals={decimals} tickSize={tickSize} value={form.coTriggerPrice} onChange={set('coTriggerPrice')} />
          )}
          {form.advanceType === 'BRACKET' && (
            <>
              <NumericInput label={d.bracketStopLoss} showLabel decimals={decimals} tickSize={tickSize} value={form.boTriggerPrice} disabled={locked} onChange={set('boTriggerPrice')} />
              <NumericInput label={d.bracketTarget} showLabel decimals={decimals} tickSize={tickSize} value={form.boTargetPrice} disabled={locked} onChange={set('boTargetPrice')} />
            </>
          )}
        </div>
      )}

      <div className={styles.bottomRow}>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={form.isAmo}
            disabled={form.advanceType !== 'REGULAR' || locked}
            onChange={(event) => dispatch({ type: 'amo', isAmo: event.currentTarget.checked })}
          />
          {t.afterMarketOrder}
        </label>
        {showDpToggle && (
          <Radio<SellSource>
            name="sellSource"
            label="DP"
            value={form.sellSource ?? 'IN_DP'}
            choices={dpChoices}
            onChange={(sellSource) => dispatch({ type: 'sellSource', sellSource })}
          />
        )}
        <div className={styles.margin} aria-busy={props.requiredMargin.busy}>
          <span className={styles.legend}>{t.requiredMargin}</span>
          <span className="num" aria-label={t.requiredMargin}>
            {props.requiredMargin.busy
              ? '…'
              : displayPrice(props.requiredMargin.value ?? t.requiredMarginDefault, 2)}
          </span>
        </div>
      </div>
    </div>
  );
}
