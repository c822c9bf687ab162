import { costOfCarry, groupIndian, investingText, type CostOfCarry } from '@kite/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { NumericInput } from '../../components/inputs/index.ts';
import { CalculatorFooter } from './CalculatorFooter.tsx';
import styles from './calculators.module.css';

const text = investingText.costOfCarry;

const EMPTY = { spot: '', futures: '', days: '', rate: '6.50' };

/** /home/costofcarrycalculator: basis, annualised carry and fair value of a future, worked out exactly in the browser. */
export function CostOfCarryPage() {
  const titleId = useId();
  const [form, setForm] = useState(EMPTY);
  const [outcome, setOutcome] = useState<{ value: CostOfCarry } | { error: string } | null>(null);
  const field = (name: keyof typeof EMPTY) => (value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    setOutcome(null);
  };
  const calculate = (event: FormEvent) => {
    event.preventDefault();
    const answer = costOfCarry(form);
    setOutcome(answer.ok ? { value: answer.value } : { error: answer.error });
  };
  const rows: [string, keyof CostOfCarry, boolean][] = [
    [text.basis, 'basis', true],
    [text.basisPercent, 'basisPercent', true],
    [text.annualised, 'annualisedPercent', true],
    [text.fairValue, 'fairValue', false],
    [text.premiumToFair, 'premiumToFair', true],
  ];
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
      </header>
      <div className={styles.body}>
        <form className={styles.form} onSubmit={calculate} noValidate>
          <NumericInput label={text.spot} showLabel value={form.spot} onChange={field('spot')} decimals={4} step="0.05" />
          <NumericInput label={text.futures} showLabel value={form.futures} onChange={field('futures')} decimals={4} step="0.05" />
          <NumericInput label={text.days} showLabel value={form.days} onChange={field('days')} integerOnly min="1" max="3650" />
          <NumericInput label={text.rate} showLabel value={form.rate} onChange={field('rate')} decimals={2} max="100" step="0.25" />
          <CalculatorFooter error={outcome && 'error' in outcome ? outcome.error : null}>
            <Button variant="ghost" onClick={() => (setForm(EMPTY), setOutcome(null))}>
              {text.reset}
            </Button>
            <Button type="submit" variant="primary">
              {text.calculate}
            </Button>
          </CalculatorFooter>
        </form>
        {outcome && 'value' in outcome && (
          <section className={styles.result} aria-label={text.results}>
            <h2 className={styles.resultTitle}>{text.results}</h2>
            <dl className={styles.figures}>
              {rows.map(([label, key, signed]) => (
                <div key={key} className={styles.figure}>
                  <dt>{label}</dt>
                  <dd className={`num ${signed && outcome.value[key].startsWith('-') ? 'down' : signed ? 'up' : ''}`} data-testid={key}>
                    {groupIndian(outcome.value[key])}
                  </dd>
                </div>
              ))}
            </dl>
            <p className={styles.note}>{text.note}</p>
          </section>
        )}
      </div>
    </section>
  );
}
