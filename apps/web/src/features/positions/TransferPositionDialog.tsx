import {
  checkTransferNonPoa,
  checkTransferQuantity,
  formatQuantity,
  transferAction,
  transferTarget,
  tradingText,
  type PositionRow,
  type ProductType,
} from '@kite/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog, showMessage, type CloseDialog } from '../../components/dialog/index.ts';
import { NumericInput } from '../../components/inputs/NumericInput.tsx';
import { fetchNonPoaHolding } from './api/holdings-by-symbol.ts';
import { submitTransfer, type TransferOutcome } from './api/transfer-position.ts';
import styles from './positions.module.css';

const text = tradingText.positions;
const screenText = tradingText.positionsScreen;

/** trading.md 8: transfer validation errors appear in a small dialog titled TransferLog with an ok button. */
function showTransferLog(message: string): Promise<void> {
  return showMessage({ header: text.transferLogTitle, message, buttonLabel: text.transferLogOk });
}

/** The quantity a position may lose to the other product: its absolute net quantity. */
function openQuantity(row: PositionRow): number {
  return Math.abs(row.netQty);
}

/**
 * The checks of trading.md 5.4 in order: quantity (minimum, lot multiple, net quantity), then the non-POA block of an
 * intraday or short-sell to cash transfer. Answers the message to show, or null.
 */
export async function transferProblem(row: PositionRow, quantity: string, to: ProductType): Promise<string | null> {
  const quantityProblem = checkTransferQuantity(quantity, row.netQty, row.lot, row.sym.exc);
  if (quantityProblem) return quantityProblem;
  if (to !== 'CASH' || (row.prdType !== 'INTRADAY' && row.prdType !== 'SHORTSELL')) return null;
  // The server checks again; a holdings call that fails does not stop the request here.
  const holding = await fetchNonPoaHolding(row.sym).catch(() => null);
  return checkTransferNonPoa(row.prdType, to, holding);
}

function TransferBody({ row, to, close }: { row: PositionRow; to: ProductType; close: CloseDialog<boolean> }) {
  const [quantity, setQuantity] = useState(String(openQuantity(row)));
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<TransferOutcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (working) return;
    setWorking(true);
    const problem = await transferProblem(row, quantity, to).catch(() => null);
    if (problem) {
      setWorking(false);
      await showTransferLog(problem);
      return;
    }
    try {
      setOutcome(
        await submitTransfer({ sym: row.sym, qty: quantity, fromPOS: row.prdType, toPOS: to, ordAction: transferAction(row.netQty) }),
      );
    } finally {
      setWorking(false);
    }
  };

  if (outcome) {
    return (
      <Dialog
        title={outcome.ok ? text.transferSuccess : text.transferFailed}
        onDismiss={() => close(outcome.ok)}
        footer={
          <Button variant="primary" autoFocus onClick={() => close(outcome.ok)}>
            {text.transferOk}
          </Button>
        }
      >
        <p className={styles.transferResult} data-outcome={outcome.ok ? 'success' : 'failed'}>
          {outcome.message}
        </p>
      </Dialog>
    );
  }

  const formId = `transfer-${row.uniqueId}`;
  return (
    <Dialog
      title={text.transferTitle}
      onDismiss={() => close(false)}
      footer={
        <>
          <Button onClick={() => close(false)}>{screenText.transferCancel}</Button>
          <Button variant="primary" type="submit" form={formId} disabled={working}>
            {working ? screenText.transferWorking : screenText.transferSubmit}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.transferForm} onSubmit={(event) => void submit(event)} noValidate>
        <p className={styles.transferSymbol}>
          {row.displaySym} <span className={styles.exchange}>{row.sym.exc}</span>
        </p>
        <dl className={styles.transferFacts}>
          <div>
            <dt>{screenText.transferFrom}</dt>
            <dd>{row.prdType}</dd>
          </div>
          <div>
            <dt>{screenText.transferTo}</dt>
            <dd>{to}</dd>
          </div>
          <div>
            <dt>{screenText.transferNetQty}</dt>
            <dd className="num">{formatQuantity(row.netQty)}</dd>
          </div>
          <div>
            <dt>{screenText.transferLot}</dt>
            <dd className="num">{formatQuantity(row.lot)}</dd>
          </div>
        </dl>
        <NumericInput label={screenText.transferQuantity} showLabel integerOnly value={quantity} onChange={setQuantity} step={String(Math.max(row.lot, 1))} />
      </form>
    </Dialog>
  );
}

/** TRANSFER POSITION (trading.md 2.5, 4.8): form, then SUCCESS or FAILED with OK. Resolves true after a transfer. */
export async function openTransferDialog(row: PositionRow): Promise<boolean> {
  const to = transferTarget(row.prdType, row.sym.instr, row.sym.exc);
  if (!to) return false;
  const done = await openDialog<boolean>((close) => <TransferBody row={row} to={to} close={close} />, 'transfer-position');
  return done === true;
}
