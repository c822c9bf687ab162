import { BASKET_CREATE_MAX, tradingText, type BasketLine } from '@kite/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, confirmDialog, openDialog, showMessage, type CloseDialog } from '../../components/dialog/index.ts';
import { openTextInputDialog } from '../../components/inputs/TextInputDialog.tsx';
import styles from './basket.module.css';

const text = tradingText.basket;

/** The generic Message popup with Ok (trading.md 2.8); resolves when it closes. */
export function showBasketMessage(message: string): Promise<void> {
  return showMessage({ header: text.messageTitle, message, buttonLabel: text.ok });
}

function CreateBasketDialog({ close }: { close: CloseDialog<string> }) {
  const [name, setName] = useState('');
  const inputId = useId();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    // trading.md 5.5: the create dialog has no check of its own; the server answers a blank name.
    close(name);
  };
  return (
    <Dialog
      title={text.createTitle}
      onDismiss={() => close()}
      footer={
        <>
          <Button onClick={() => close()}>{text.cancel}</Button>
          <Button variant="primary" onClick={() => submit()}>
            {text.create}
          </Button>
        </>
      }
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <label htmlFor={inputId}>{text.createHint}</label>
        <input
          id={inputId}
          className={styles.textInput}
          type="text"
          autoComplete="off"
          placeholder={text.createPlaceholder}
          maxLength={BASKET_CREATE_MAX}
          value={name}
          ref={(element) => element?.setAttribute('autofocus', '')}
          onChange={(event) => setName(event.currentTarget.value)}
        />
      </form>
    </Dialog>
  );
}

/** CREATE NEW BASKET: resolves with the typed name, or undefined when cancelled. */
export function openCreateBasketDialog(): Promise<string | undefined> {
  return openDialog<string>((close) => <CreateBasketDialog close={close} />);
}

/** RENAME BASKET: the shared name input (10 characters, the shared validator, its error under the input). */
export function openRenameBasketDialog(current: string): Promise<string | undefined> {
  return openTextInputDialog({
    title: text.renameTitle,
    label: text.renameLabel,
    initialValue: current.slice(0, 10),
    confirmLabel: text.rename,
    cancelLabel: text.cancel,
  });
}

export function confirmDeleteBasket(name: string): Promise<boolean> {
  return confirmDialog({
    header: text.deleteTitle(name),
    message: text.deleteQuestion,
    positive: text.delete,
    negative: text.cancel,
  });
}

export function confirmDeleteScrips(): Promise<boolean> {
  return confirmDialog({
    header: text.deleteScripsTitle,
    message: text.deleteScripsQuestion,
    positive: text.delete,
    negative: text.cancel,
  });
}

function ExecuteBasketDialog({
  name,
  lines,
  close,
}: {
  name: string;
  lines: readonly BasketLine[];
  close: CloseDialog<boolean>;
}) {
  const [scrip, exchange, quantity, price, side, orderType] = text.executeColumns;
  return (
    <Dialog
      title={text.executeTitle(name)}
      size="large"
      onDismiss={() => close(false)}
      footer={
        <>
          <Button onClick={() => close(false)}>{text.cancel}</Button>
          <Button variant="primary" autoFocus onClick={() => close(true)}>
            {text.confirm}
          </Button>
        </>
      }
    >
      <div className={styles.executeScroll}>
        <table className={styles.executeTable}>
          <caption className={styles.visuallyHidden}>{text.executeTitle(name)}</caption>
          <thead>
            <tr>
              {[scrip, exchange, quantity, price, side, orderType].map((label) => (
                <th
                  key={label}
                  scope="col"
                  className={label === quantity || label === price ? styles.number : undefined}
                >
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.BASKET_SYMBOL_ID}>
                <td>{line.DISP_SYM}</td>
                <td>{line.EXCH_ID}</td>
                <td className={styles.number}>{line.QTY}</td>
                <td className={styles.number}>{line.LIMIT_PRICE}</td>
                <td className={line.BUY_SELL_IND === 'BUY' ? styles.buy : styles.sell}>{line.BUY_SELL_IND}</td>
                <td>{line.ORD_TYPE}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Dialog>
  );
}

/** EXECUTE BASKET - {name}: the lines to place; resolves true on CONFIRM. */
export function confirmExecuteBasket(name: string, lines: readonly BasketLine[]): Promise<boolean> {
  return openDialog<boolean>((close) => <ExecuteBasketDialog name={name} lines={lines} close={close} />).then(
    (answer) => answer === true,
  );
}
