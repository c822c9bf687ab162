import {
  checkOptionCalculatorInput,
  groupIndian,
  investingText,
  type OptionCalculatorInput,
  type OptionGreeks,
} from '@kite/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { NumericInput } from '../../components/inputs/index.ts';
import { fetchOptionValues, type OptionValues } from './api/calculate-options.ts';
import { CalculatorFooter } from './CalculatorFooter.tsx';
import styles from './calculators.module.css';

const text = investingText.optionCalculator;

type PremiumType = 'CE' | 'PE';
type Form = OptionCalculatorInput & { premiumType: PremiumType };

const EMPTY: Form = {
  underlyingPrice: '',
  strikePrice: '',
  daysToExpiry: '',
  volatility: '',
  interestRate: '6.50',
  dividendYield: '0',
  optionPremium: '',
  premiumType: 'CE',
};

const ROWS: (keyof OptionGreeks)[] = ['price', 'delta', 'gamma', 'theta', 'vega', 'rho'];

function Result({ values, withPremium }: { values: OptionValues; withPremium: boolean }) {
  return (
    <section className={styles.result} aria-label={text.results}>
      <h2 className={styles.resultTitle}>{text.results}</h2>
      <table className={styles.greeks}>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{text.call}</th>
            <th scope="col">{text.put}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row}>
              <th scope="row">{text.rows[row]}</th>
              <td className="num" data-testid={`call-${row}`}>
                {groupIndian(values.call[row])}
              </td>
              <td className="num" data-testid={`put-${row}`}>
                {groupIndian(values.put[row])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {withPremium && (
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>{text.impliedVolatility}</dt>
            <dd className="num" data-testid="implied-volatility">
              {values.impliedVolatility === null ? text.noImpliedVolatility : `${values.impliedVolatility} %`}
            </dd>
          </div>
        </dl>
      )}
      <p className={styles.note}>{text.note}</p>
    </section>
  );
}

/** /home/optioncalculator: Black-Scholes-Merton value and Greeks of a call and a put, and an implied volatility. */
export function OptionCalculatorPage() {
  const titleId = useId();
  const premiumTypeId = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [outcome, setOutcome] = useState<{ value: OptionValues; withPremium: boolean } | { error: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const field = (name: keyof OptionCalculatorInput) => (value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    setOutcome(null);
  };
  const calculate = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkOptionCalculatorInput(form);
    if (!checked.ok) return setOutcome({ error: checked.error });
    setBusy(true);
    try {
      setOutcome({ value: await fetchOptionValues(form), withPremium: checked.value.premium !== null });
    } catch (error) {
      setOutcome({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
      </header>
      <div className={styles.body}>
        <form className={styles.form} onSubmit={(event) => void calculate(event)} noValidate>
          <NumericInput
            label={text.underlyingPrice}
            showLabel
            value={form.underlyingPrice}
            onChange={field('underlyingPrice')}
            decimals={4}
            step="0.05"
          />
          <NumericInput
            label={text.strikePrice}
            showLabel
            value={form.strikePrice}
            onChange={field('strikePrice')}
            decimals={4}
            step="50"
          />
          <NumericInput
            label={text.daysToExpiry}
            showLabel
            value={form.daysToExpiry}
            onChange={field('daysToExpiry')}
            integerOnly
            min="0"
            max="3650"
          />
          <NumericInput
            label={text.volatility}
            showLabel
            value={form.volatility}
            onChange={field('volatility')}
            decimals={2}
            max="500"
            step="0.5"
          />
          <NumericInput
            label={text.interestRate}
            showLabel
            value={form.interestRate}
            onChange={field('interestRate')}
            decimals={2}
            max="100"
            step="0.25"
          />
          <NumericInput
            label={text.dividendYield}
            showLabel
            value={form.dividendYield}
            onChange={field('dividendYield')}
            decimals={2}
            max="100"
            step="0.25"
          />
          <NumericInput
            label={text.optionPremium}
            showLabel
            value={form.optionPremium}
            onChange={field('optionPremium')}
            decimals={4}
            step="0.05"
          />
          <div className={styles.field}>
            <span id={premiumTypeId}>{text.premiumType}</span>
            <div role="radiogroup" aria-labelledby={premiumTypeId} className={styles.sides}>
              {(['CE', 'PE'] as const).map((type) => (
                <button
                  key={type}
                  type="button"
                  role="radio"
                  aria-checked={form.premiumType === type}
                  className={styles.side}
                  onClick={() => (setForm((current) => ({ ...current, premiumType: type })), setOutcome(null))}
                >
                  {type === 'CE' ? text.call : text.put}
                </button>
              ))}
            </div>
          </div>
          <CalculatorFooter error={outcome && 'error' in outcome ? outcome.error : null}>
            <Button variant="ghost" onClick={() => (setForm(EMPTY), setOutcome(null))}>
              {text.reset}
            </Button>
            <Button type="submit" variant="primary" disabled={busy}>
              {text.calculate}
            </Button>
          </CalculatorFooter>
        </form>
        {outcome && 'value' in outcome && <Result values={outcome.value} withPremium={outcome.withPremium} />}
      </div>
    </section>
  );
}
