import { checkIndexSelection, platformText } from '@kite/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/button/Button.tsx';
import { Dialog, openDialog } from '../../../components/dialog/index.ts';
import { tickerIndices, type TickerIndex } from './index-list.ts';
import { getTickerSelection, saveTickerSelection } from './ticker-selection.ts';
import styles from './index-selection.module.css';

export interface IndexSelectionFormProps {
  onSaved?: () => void;
  onCancel?: () => void;
}

/** The choice of header indices, one to three (platform.md 5, 9): used in a dialog and on the settings screen. */
export function IndexSelectionForm({ onSaved, onCancel }: IndexSelectionFormProps) {
  const [chosen, setChosen] = useState<readonly TickerIndex[]>(getTickerSelection);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const errorId = useId();
  const toggle = (symbol: TickerIndex, on: boolean) => {
    setSaved(false);
    const next = on ? [...chosen, symbol] : chosen.filter((s) => s !== symbol);
    const tooMany = on ? checkIndexSelection(next.length) : null;
    if (tooMany) {
      setProblem(tooMany);
      return;
    }
    setProblem(null);
    setChosen(next);
  };
  const save = () => {
    const refused = saveTickerSelection(chosen);
    setProblem(refused);
    if (!refused) {
      setSaved(true);
      onSaved?.();
    }
  };
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <fieldset className={styles.fieldset} aria-describedby={problem ? errorId : undefined}>
        <legend className={styles.legend}>Indices shown in the header (one to three)</legend>
        <div className={styles.options}>
          {tickerIndices.map((index) => (
            <label key={index.symbol} className={styles.option}>
              <input
                type="checkbox"
                checked={chosen.includes(index.symbol)}
                onChange={(event) => toggle(index.symbol, event.target.checked)}
              />
              <span>{index.symbol}</span>
              <span className={styles.exchange}>{index.exchange}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {problem && (
        <p id={errorId} className={styles.error} role="alert">
          {problem}
        </p>
      )}
      {saved && !onSaved && (
        <p className={styles.saved} role="status">
          Saved.
        </p>
      )}
      <div className={styles.actions}>
        {onCancel && <Button onClick={onCancel}>CANCEL</Button>}
        <Button type="submit" variant="primary">
          SAVE
        </Button>
      </div>
    </form>
  );
}

export function openIndexSelectionDialog(): Promise<void> {
  return openDialog<void>(
    (close) => (
      <Dialog title={platformText.indexSelectionTitle} size="medium" onDismiss={() => close()}>
        <IndexSelectionForm onSaved={() => close()} onCancel={() => close()} />
      </Dialog>
    ),
    'index-selection',
  ).then(() => undefined);
}
