import { tradingText, type SearchResult } from '@kite/domain';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { contractsOf, expiriesOf, nearestStrike, type OptionType, type SymbolRow } from './search-model.ts';
import styles from './search.module.css';

export interface OptionChainPickerProps {
  company: SearchResult;
  onBack: () => void;
  /** Renders the result row of the chosen contract (the caller decides what choosing it does). */
  renderResult: (contract: SymbolRow) => ReactNode;
}

/** trading.md 2.7 option flow: company, expiry (the first chosen automatically), call/put, strike, then the row. */
export function OptionChainPicker({ company, onBack, renderResult }: OptionChainPickerProps) {
  const expiries = useMemo(() => expiriesOf(company), [company]);
  const [expiry, setExpiry] = useState(expiries[0] ?? '');
  const [optType, setOptType] = useState<OptionType>('CE');
  const contracts = useMemo(() => contractsOf(company, expiry, optType), [company, expiry, optType]);
  const [strikeChoice, setStrikeChoice] = useState<string | null>(null);
  const chosen =
    contracts.find((row) => row.sym.strike === strikeChoice) ?? nearestStrike(contracts, company.ltp);
  const ids = useId();
  return (
    <div className={styles.chain}>
      <button type="button" className={styles.back} onClick={onBack}>
        <span aria-hidden="true">‹</span> {tradingText.optionBack}
      </button>
      <p className={styles.chainTitle}>
        <span className={styles.symbol}>{company.underlier ?? company.displaySym}</span>
        <span className={styles.company}>{company.companyName}</span>
      </p>
      <div className={styles.chainFields}>
        <label className={styles.field} htmlFor={`${ids}-expiry`}>
          <span>{tradingText.optionExpiry}</span>
          <select id={`${ids}-expiry`} value={expiry} onChange={(event) => setExpiry(event.target.value)}>
            {expiries.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <fieldset className={styles.optType}>
          <legend className={styles.visuallyHidden}>Option type</legend>
          {(['CE', 'PE'] as const).map((type) => (
            <label key={type}>
              <input
                type="radio"
                name={`${ids}-type`}
                value={type}
                checked={optType === type}
                onChange={() => setOptType(type)}
              />
              {type === 'CE' ? tradingText.optionCall : tradingText.optionPut}
            </label>
          ))}
        </fieldset>
        <label className={styles.field} htmlFor={`${ids}-strike`}>
          <span>{tradingText.optionStrike}</span>
          <select
            id={`${ids}-strike`}
            value={chosen?.sym.strike ?? ''}
            disabled={contracts.length === 0}
            onChange={(event) => setStrikeChoice(event.target.value)}
          >
            {contracts.map((row) => (
              <option key={row.sym.id} value={row.sym.strike ?? ''}>
                {row.sym.strike}
              </option>
            ))}
          </select>
        </label>
      </div>
      {chosen ? renderResult(chosen) : <p className={styles.message}>{tradingText.optionNoContracts}</p>}
    </div>
  );
}
