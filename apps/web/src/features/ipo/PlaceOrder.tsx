import {
  checkIpoUpi,
  formatAmount,
  formatQuantity,
  investingText,
  parseRupees,
  type IpoMaster,
  type IpoOrder,
} from '@kite/domain';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { confirmDialog, showError, showMessage } from '../../components/dialog/index.ts';
import { NumericInput } from '../../components/inputs/index.ts';
import { submitIpoBid, useIpoDemats, validateDemat } from './api/ipo-calls.ts';
import { ipoErrorText } from './ipo-rules.ts';
import { checkStep1, figuresOf, initialForm, isUnchanged, requestOf, type BidForm } from './place-order-form.ts';
import { UpiHelpLinks } from './UpiHelp.tsx';
import styles from './ipo.module.css';

const text = investingText.ipo;
const rupees = (value: string) => `₹ ${formatAmount(parseRupees(value) ?? 0)}`;
const message = (body: string) => showMessage({ header: text.messageTitle, message: body });

export interface PlaceOrderProps {
  master: IpoMaster;
  upiHandlers: readonly string[];
  /** The application being modified (MODIFY BID); absent for a new bid (BID). */
  order?: IpoOrder;
  /** Back from step 1: to the tab view. */
  onBack: () => void;
  /** After a bid is placed or modified (or the no-change question's OK): to the Order Book. */
  onDone: () => void;
}

/** One figure of the amounts panel: a term and its value; `strong` for the payable amount. */
function Figure({ term, strong = false, children }: { term: string; strong?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={strong ? styles.payable : undefined}>{children}</dd>
    </div>
  );
}

/** 'IPO - Place Order' (investing.md 2, 4, 5): step 1 the bid, step 2 the payment by UPI mandate. */
export function PlaceOrder({ master, upiHandlers, order, onBack, onDone }: PlaceOrderProps) {
  const baseId = useId();
  const demats = useIpoDemats();
  const [step, setStep] = useState<1 | 2>(1);
  const [form, setForm] = useState<BidForm>(() => initialForm(master, order));
  const [dematValue, setDematValue] = useState<string>('');
  const [terms, setTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const dematList = demats.data ?? [];
  const demat =
    dematList.find((dm) => dm.value === dematValue) ??
    dematList.find((dm) => dm.value === order?.clientBenId) ??
    dematList[0];
  const figures = figuresOf(master, form, order);
  const slots = form.atCutOff ? [0] : [0, 1, 2];
  const tick = parseRupees(master.tickSize) ?? 0;

  const setSlot = (key: 'lots' | 'prices', i: number, value: string) =>
    setForm((f) => {
      const next = [...f[key]] as BidForm['lots'];
      next[i] = value;
      return { ...f, [key]: next };
    });

  const next = async () => {
    const problem = checkStep1(master, form, dematList, order);
    if (problem) {
      if (problem.resetSlot) setSlot('prices', problem.resetSlot - 1, '0.00');
      await message(problem.message);
      return;
    }
    if (order && isUnchanged(master, form, order)) {
      const back = await confirmDialog({
        header: text.messageTitle,
        message: text.noChange,
        positive: text.ok,
        negative: text.cancel,
      });
      if (back) onDone();
      return;
    }
    if (!demat) return;
    setBusy(true);
    try {
      if (!(await validateDemat(demat.value))) {
        await showError(text.invalidDemat, text.errorTitle);
        return;
      }
      setStep(2);
    } catch (error) {
      await showError(ipoErrorText((error as Error).message), text.errorTitle);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (!demat) return;
    if (!order) {
      const upiProblem = checkIpoUpi(form.upi, upiHandlers);
      if (upiProblem) return message(upiProblem);
    }
    if (!terms) return message(text.acceptTerms);
    setBusy(true);
    try {
      await submitIpoBid(requestOf(master, form, demat, order));
    } catch (error) {
      setBusy(false);
      return showError(ipoErrorText((error as Error).message), text.errorTitle);
    }
    setBusy(false);
    await showMessage({ header: text.bidReceived, message: text.approveMandate });
    onDone();
  };

  const categoryId = `${baseId}-category`;
  const upiId = `${baseId}-upi`;
  return (
    <section className={styles.card} aria-labelledby={`${baseId}-title`}>
      <header className={styles.cardHeader}>
        <h2 id={`${baseId}-title`} className={styles.cardTitle}>
          {text.placeOrderTitle}
        </h2>
        <ol className={styles.steps}>
          <li aria-current={step === 1 ? 'step' : undefined}>1. {text.step1}</li>
          <li aria-current={step === 2 ? 'step' : undefined}>2. {text.step2}</li>
        </ol>
      </header>
      <div className={styles.cardBody}>
        <div className={styles.issue}>
          <span className={styles.issueName}>{master.name}</span>
          <span className={styles.issueMeta}>
            {master.symbol} · {text.details.priceBand} {rupees(master.minPrice)} - {rupees(master.maxPrice)} ·{' '}
            {text.details.lotSize} {master.lotSize}
            {order ? ` · ${text.details.applicationNumber} ${order.applicationNumber}` : ''}
          </span>
        </div>
        {step === 1 ? (
          <>
            {master.category.length > 1 ? (
              <label className={styles.field} htmlFor={categoryId}>
                <span>{text.categoryLabel}</span>
                <select
                  id={categoryId}
                  className={styles.select}
                  value={form.category}
                  // the category of a placed application stays as it was placed
                  disabled={order !== undefined}
                  onChange={(e) => setForm((f) => ({ ...f, category: e.target.value as BidForm['category'] }))}
                >
                  {master.category.map((c) => (
                    <option key={c} value={c}>
                      {text.categories[c]}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <fieldset className={styles.radios}>
              <legend className={styles.label}>{text.bidType}</legend>
              <label>
                <input
                  type="radio"
                  name={`${baseId}-kind`}
                  checked={form.atCutOff}
                  onChange={() => setForm((f) => ({ ...f, atCutOff: true }))}
                />
                {text.cutOffLabel}
              </label>
              <label>
                <input
                  type="radio"
                  name={`${baseId}-kind`}
                  checked={!form.atCutOff}
                  onChange={() =>
                    setForm((f) => ({
                      ...f,
                      atCutOff: false,
                      prices: [f.prices[0] || master.cutOffPrice, f.prices[1], f.prices[2]],
                    }))
                  }
                />
                {text.multiBidLabel}
              </label>
            </fieldset>
            <div className={styles.bidGrid}>
              {slots.map((i) => (
                <div key={i} className={styles.bidRow}>
                  <span className={styles.label}>{text.details.bidNo(i + 1)}</span>
                  <NumericInput
                    label={text.lotsLabel(i + 1)}
                    showLabel
                    integerOnly
                    value={form.lots[i]!}
                    onChange={(v) => setSlot('lots', i, v)}
                  />
                  {form.atCutOff ? (
                    <span className={styles.cutOffPrice}>{text.cutOffPrice(master.cutOffPrice)}</span>
                  ) : (
                    <NumericInput
                      label={text.priceLabel(i + 1)}
                      showLabel
                      decimals={2}
                      tickSize={tick > 0 ? master.tickSize : '0'}
                      value={form.prices[i]!}
                      onChange={(v) => setSlot('prices', i, v)}
                    />
                  )}
                </div>
              ))}
            </div>
            <div className={styles.field}>
              <span>{text.dematLabel}</span>
              {dematList.length > 1 ? (
                <select
                  aria-label={text.dematLabel}
                  className={styles.select}
                  value={demat?.value ?? ''}
                  onChange={(e) => setDematValue(e.target.value)}
                >
                  {dematList.map((dm) => (
                    <option key={dm.value} value={dm.value}>
                      {dm.name}
                    </option>
                  ))}
                </select>
              ) : (
                <strong>{demat?.name ?? (demats.isFetching ? '…' : text.noDemat)}</strong>
              )}
            </div>
            <dl className={styles.figures}>
              <Figure term={text.orderQuantity}>{formatQuantity(figures.quantity)}</Figure>
              <Figure term={text.amountLabel}>{rupees(figures.amount)}</Figure>
              <Figure term={text.discountLabel}>{rupees(figures.discount)}</Figure>
              <Figure term={text.payableLabel} strong>
                {rupees(figures.payable)}
              </Figure>
            </dl>
          </>
        ) : (
          <>
            <dl className={styles.figures}>
              <Figure term={text.bankLabel}>{demat ? `${demat.bank} ${demat.linkedAcc}`.trim() : ''}</Figure>
              <Figure term={text.dematLabel}>{demat?.name ?? ''}</Figure>
              <Figure term={text.payableLabel} strong>
                {rupees(figures.payable)}
              </Figure>
            </dl>
            <label className={styles.field} htmlFor={upiId}>
              <span>{text.upiLabel}</span>
              <input
                id={upiId}
                className={styles.textInput}
                value={order ? order.upi : form.upi}
                disabled={order !== undefined}
                placeholder={text.upiPlaceholder}
                autoComplete="off"
                onChange={(e) => setForm((f) => ({ ...f, upi: e.target.value }))}
              />
            </label>
            <p className={styles.hint}>
              {text.upiHandlers} {upiHandlers.join(', ')}
            </p>
            <UpiHelpLinks />
            <label className={styles.terms}>
              <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
              {text.terms}
            </label>
          </>
        )}
      </div>
      <footer className={styles.cardFooter}>
        <Button onClick={() => (step === 2 ? setStep(1) : onBack())} disabled={busy}>
          {text.back}
        </Button>
        {step === 1 ? (
          <Button variant="primary" onClick={() => void next()} disabled={busy || demats.isPending}>
            {text.continue}
          </Button>
        ) : (
          <Button variant="primary" onClick={() => void submit()} disabled={busy}>
            {text.submit}
          </Button>
        )}
      </footer>
    </section>
  );
}
