import { deriveAbilities, groupIndian, investingText, quantityLabel, type Quote } from '@kite/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { NumericInput } from '../../components/inputs/index.ts';
import { useLoginState } from '../../lib/session/session-store.ts';
import { useQuote } from '../market-data/get-quote.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { openSelectScripDialog } from '../shell-dialogs/index.ts';
import {
  calculateMargin,
  formError,
  marginLeft,
  productsFor,
  startingForm,
  type MarginForm,
  type MarginOutcome,
} from './margin-calculation.ts';
import { CalculatorFooter } from './CalculatorFooter.tsx';
import styles from './calculators.module.css';

const text = investingText.marginCalculator;
const CHARGE_ROWS = ['brokerage', 'stt', 'transactionCharge', 'gstOnBrokerage', 'sebiFee', 'stampDuty', 'total'] as const;

type Outcome = { value: MarginOutcome } | { error: string } | null;

function Result({ outcome }: { outcome: MarginOutcome }) {
  const left = marginLeft(outcome);
  const short = left.startsWith('-');
  return (
    <section className={styles.result} aria-label={text.margin}>
      <h2 className={styles.resultTitle}>{text.margin}</h2>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{text.requiredMargin}</dt>
          <dd className="num" data-testid="required-margin">{groupIndian(outcome.requiredMargin)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{text.availableMargin}</dt>
          <dd className="num" data-testid="available-margin">{groupIndian(outcome.availableMargin)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{short ? text.shortfall : text.leftAfter}</dt>
          <dd className={`num ${short ? 'down' : 'up'}`} data-testid="margin-left">{short ? left.slice(1) : left}</dd>
        </div>
      </dl>
      {outcome.charges && (
        <>
          <h2 className={styles.resultTitle}>{text.charges}</h2>
          <dl className={styles.figures}>
            {CHARGE_ROWS.map((key) => (
              <div key={key} className={styles.figure}>
                <dt>{text.chargeRows[key]}</dt>
                <dd className="num" data-testid={`charge-${key}`}>{groupIndian(outcome.charges?.[key] ?? '0.00')}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <p className={styles.note}>{text.note}</p>
    </section>
  );
}

function Calculator({ scrip, quote, onChangeScrip }: { scrip: ScripRef; quote: Quote; onChangeScrip: () => void }) {
  const [form, setForm] = useState<MarginForm>(() => startingForm(scrip, quote));
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const inLots = quantityLabel(scrip.sym.instr, scrip.sym.exc) === 'LOT';
  const change = (next: Partial<MarginForm>) => {
    setForm((current) => ({ ...current, ...next }));
    setOutcome(null);
  };
  const calculate = async (event: FormEvent) => {
    event.preventDefault();
    const refused = formError(scrip, quote, form);
    if (refused) return setOutcome({ error: refused });
    setBusy(true);
    try {
      setOutcome({ value: await calculateMargin(scrip, quote, form) });
    } catch (error) {
      setOutcome({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <form className={styles.form} onSubmit={(event) => void calculate(event)} noValidate>
        <div className={styles.scrip}>
          <div>
            <div className={styles.scripName} data-testid="calculator-scrip">
              {scrip.displaySym} <span className={styles.exchange}>{scrip.sym.exc}</span>
            </div>
            <div className={styles.scripLtp}>
              {text.ltp} <span className="num">{groupIndian(quote.ltp)}</span>
              {!inLots && quote.lot > 1 && <> · {text.lotHint(quote.lot)}</>}
            </div>
          </div>
          <Button variant="ghost" size="small" onClick={onChangeScrip}>
            {text.changeScrip}
          </Button>
        </div>
        <div role="radiogroup" aria-label={text.side} className={styles.sides}>
          {(['buy', 'sell'] as const).map((side) => (
            <button
              key={side}
              type="button"
              role="radio"
              aria-checked={form.side === side}
              className={`${styles.side} ${form.side === side ? styles[side] : ''}`}
              onClick={() => change({ side })}
            >
              {side === 'buy' ? text.buy : text.sell}
            </button>
          ))}
        </div>
        <label className={styles.field}>
          <span>{text.product}</span>
          <select className={styles.select} value={form.product} onChange={(event) => change({ product: event.target.value as MarginForm['product'] })}>
            {productsFor(scrip.sym).map((product) => (
              <option key={product} value={product}>
                {text.products[product]}
              </option>
            ))}
          </select>
        </label>
        <NumericInput label={inLots ? text.lots : text.quantity} showLabel value={form.quantity} onChange={(quantity) => change({ quantity })} integerOnly step={inLots ? '1' : String(Math.max(1, quote.lot))} />
        <NumericInput label={text.price} showLabel value={form.price} onChange={(price) => change({ price })} tickSize={quote.tickSize} />
        <CalculatorFooter error={outcome && 'error' in outcome ? outcome.error : null}>
          <Button type="submit" variant="primary" disabled={busy}>
            {text.calculate}
          </Button>
        </CalculatorFooter>
      </form>
      {outcome && 'value' in outcome && <Result outcome={outcome.value} />}
    </>
  );
}

/** /home/margincalculator: the margin an order would block and its charges, before placing it. */
export function MarginCalculatorPage() {
  const titleId = useId();
  const login = useLoginState();
  const [scrip, setScrip] = useState<ScripRef | null>(null);
  const quote = useQuote(scrip?.sym ?? null);
  const choose = async () => {
    if (!login) return;
    const chosen = await openSelectScripDialog({ abilities: deriveAbilities(login.accountDetails, login.flags), context: 'order' });
    if (chosen) setScrip(chosen);
  };
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
      </header>
      <div className={styles.body}>
        {!scrip && (
          <div className={styles.form}>
            <p className={styles.note}>{text.noScrip}</p>
            <div className={styles.actions}>
              <Button variant="primary" onClick={() => void choose()}>
                {text.chooseScrip}
              </Button>
            </div>
          </div>
        )}
        {scrip && quote.isError && (
          <p role="alert" className={styles.error}>
            {quote.error.message}
          </p>
        )}
        {scrip && quote.data && (
          <Calculator key={`${scrip.sym.exc}|${scrip.sym.id}`} scrip={scrip} quote={quote.data.quote} onChangeScrip={() => void choose()} />
        )}
      </div>
    </section>
  );
}
