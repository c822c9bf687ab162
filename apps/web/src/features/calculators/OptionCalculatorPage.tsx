import {
  checkOptionCalculatorInput,
  deriveAbilities,
  groupIndian,
  investingText,
  spanExchangeSchema,
  type OptionCalculatorInput,
  type OptionGreeks,
} from '@kite/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { NumericInput } from '../../components/inputs/index.ts';
import { useLoginState } from '../../lib/session/session-store.ts';
import { openSelectScripDialog } from '../shell-dialogs/index.ts';
import { fetchOptionInputs, fetchOptionValues, type OptionValues } from './api/calculate-options.ts';
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
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const login = useLoginState();
  const field = (name: keyof OptionCalculatorInput) => (value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    setOutcome(null);
    setFilledFrom(null);
  };
  const calculateFor = async (figures: Form) => {
    const checked = checkOptionCalculatorInput(figures);
    if (!checked.ok) return setOutcome({ error: checked.error });
    setBusy(true);
    try {
      setOutcome({ value: await fetchOptionValues(figures), withPremium: checked.value.premium !== null });
    } catch (error) {
      setOutcome({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  const calculate = (event: FormEvent) => {
    event.preventDefault();
    void calculateFor(form);
  };
  /** A listed option's figures at the last prices; the rates stay the client's, and the premium's volatility is used. */
  const fillFromOption = async () => {
    if (!login) return;
    const chosen = await openSelectScripDialog({
      abilities: deriveAbilities(login.accountDetails, login.flags),
      context: 'option-calculator',
      title: text.chooseOption,
      initialTab: 'fno',
    });
    const exchange = spanExchangeSchema.safeParse(chosen?.sym.exc);
    if (!chosen || !exchange.success) return;
    try {
      const inputs = await fetchOptionInputs({
        exchange: exchange.data,
        trSymbol: chosen.sym.trSymbol ?? chosen.sym.xSym,
        interestRate: form.interestRate,
        dividendYield: form.dividendYield,
      });
      const filled: Form = {
        ...form,
        underlyingPrice: inputs.underlyingPrice,
        strikePrice: inputs.strikePrice,
        daysToExpiry: String(inputs.daysToExpiry),
        optionPremium: inputs.optionPremium,
        premiumType: inputs.premiumType,
        volatility: inputs.volatility ?? form.volatility,
      };
      setForm(filled);
      setFilledFrom(inputs.displaySym);
      setOutcome(null);
      if (filled.volatility !== '') await calculateFor(filled);
    } catch (error) {
      setOutcome({ error: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={() => void fillFromOption()}>
            {text.chooseOption}
          </Button>
        </div>
      </header>
      {filledFrom && (
        <p className={styles.note} data-testid="filled-from">
          {text.chosenFrom(filledFrom)}
        </p>
      )}
      <div className={styles.body}>
        <form className={styles.form} onSubmit={calculate} noValidate>
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
                  onClick={() => (
                    setForm((current) => ({ ...current, premiumType: type })),
                    setOutcome(null),
                    setFilledFrom(null)
                  )}
                >
                  {type === 'CE' ? text.call : text.put}
                </button>
              ))}
            </div>
          </div>
          <CalculatorFooter error={outcome && 'error' in outcome ? outcome.error : null}>
            <Button variant="ghost" onClick={() => (setForm(EMPTY), setOutcome(null), setFilledFrom(null))}>
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
