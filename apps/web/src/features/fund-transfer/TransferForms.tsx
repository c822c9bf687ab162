import { type LinkedBank, type PayInMode, MAX_PAYIN_PER_DAY_PAISE, fundsText, payInModes } from '@kite/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { showMessage } from '../../components/dialog/index.ts';
import { usePlacePayIn, usePlacePayOut } from './api/fund-transfer-calls.ts';
import { amountError, paiseOf, plainAmount, shownAmount } from './transfer-form.ts';
import styles from './fund-transfer.module.css';

const POPUP_NAME = 'fundsPayment';
const POPUP_FEATURES = 'popup=yes,width=560,height=680';

function BankAndAmount({
  banks,
  bankId,
  onBank,
  amount,
  onAmount,
  error,
}: {
  banks: LinkedBank[];
  bankId: string;
  onBank: (id: string) => void;
  amount: string;
  onAmount: (value: string) => void;
  error: string | null;
}) {
  const errorId = useId();
  return (
    <>
      <label className={styles.field}>
        <span>{fundsText.bank}</span>
        <select className={styles.input} value={bankId} onChange={(e) => onBank(e.target.value)}>
          {banks.map((b) => (
            <option key={b.bankId} value={b.bankId}>
              {b.bankName} - {b.accountNumber}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>{fundsText.amount}</span>
        <input
          className={`${styles.input} num`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => onAmount(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** Add funds: bank, amount and mode, then the gateway's payment window (opened in the click so it is not blocked). */
export function PayInForm({ banks }: { banks: LinkedBank[] }) {
  const [bankId, setBankId] = useState(banks[0]?.bankId ?? '');
  const [amount, setAmount] = useState('');
  const [mode, setMode] = useState<PayInMode>('UPI');
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const place = usePlacePayIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = amountError(amount, MAX_PAYIN_PER_DAY_PAISE, fundsText.amountTooLarge);
    setError(invalid);
    if (invalid) return;
    const popup = window.open('', POPUP_NAME, POPUP_FEATURES);
    place.mutate(
      { bankId, amount: plainAmount(amount), mode },
      {
        onSuccess: (started) => {
          if (popup) {
            popup.location.href = started.paymentUrl;
            setWaiting(true);
          } else window.location.assign(started.paymentUrl);
        },
        onError: (failure) => {
          popup?.close();
          setError(failure.message);
        },
      },
    );
  };

  return (
    <form className={styles.formFields} onSubmit={submit} noValidate aria-label={fundsText.addTab}>
      <BankAndAmount
        banks={banks}
        bankId={bankId}
        onBank={setBankId}
        amount={amount}
        onAmount={setAmount}
        error={error}
      />
      <fieldset className={styles.radios}>
        <legend>{fundsText.mode}</legend>
        {payInModes.map((m) => (
          <label key={m}>
            <input type="radio" name="payin-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            {fundsText.modes[m]}
          </label>
        ))}
      </fieldset>
      <Button type="submit" variant="primary" disabled={place.isPending}>
        {fundsText.addButton}
      </Button>
      {waiting && (
        <p className={styles.muted} role="status">
          {fundsText.waitingForGateway}
        </p>
      )}
    </form>
  );
}

/** Withdraw: up to the withdrawable balance; blocked at once and paid at the next settlement. */
export function PayOutForm({ banks, withdrawable }: { banks: LinkedBank[]; withdrawable: string }) {
  const [bankId, setBankId] = useState(banks[0]?.bankId ?? '');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const place = usePlacePayOut();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = amountError(amount, paiseOf(withdrawable), fundsText.overWithdrawable);
    setError(invalid);
    if (invalid) return;
    place.mutate(
      { bankId, amount: plainAmount(amount) },
      {
        onSuccess: (placed) => {
          setAmount('');
          void showMessage({
            header: fundsText.withdrawTab,
            message: fundsText.payOutPlaced(shownAmount(placed.payout.amount)),
          });
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <form className={styles.formFields} onSubmit={submit} noValidate aria-label={fundsText.withdrawTab}>
      <BankAndAmount
        banks={banks}
        bankId={bankId}
        onBank={setBankId}
        amount={amount}
        onAmount={setAmount}
        error={error}
      />
      <Button type="submit" variant="primary" disabled={place.isPending}>
        {fundsText.withdrawButton}
      </Button>
    </form>
  );
}
