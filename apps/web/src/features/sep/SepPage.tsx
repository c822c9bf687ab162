import {
  displayDate,
  formatAmount,
  formatScaled,
  informationText,
  type SepForm as SepFormValues,
  type SepPlan,
} from '@kite/domain';
import { Fragment, useId, useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { confirmDialog, showMessage } from '../../components/dialog/index.ts';
import { NachNotes } from './NachNotes.tsx';
import { SepForm } from './SepForm.tsx';
import styles from './sep.module.css';

const text = informationText.sep;
const dialogs = text.dialogs;

/** investing.md 2: the mock-up's pages. */
type Page = { name: 'sep' } | { name: 'confirm_order'; plan: SepPlan } | { name: 'order_success'; plan: SepPlan };

function Summary({ plan }: { plan: SepPlan }) {
  const s = text.summary;
  const rows: [string, string][] = [
    [s.scrip, plan.scrip],
    [s.exchange, plan.exchange],
    [s.frequency, text.frequencies[plan.frequency]],
    [s.amount, formatAmount(plan.amountPaise)],
    [s.installments, String(plan.installments)],
    [s.total, formatAmount(plan.totalPaise)],
    [s.startDate, displayDate(plan.startDate)],
    [s.endDate, displayDate(plan.endDate)],
  ];
  return (
    <dl className={styles.summary}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd className="num">{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

const formOf = (plan: SepPlan): SepFormValues => ({
  scrip: plan.scrip,
  exchange: plan.exchange,
  frequency: plan.frequency,
  amount: formatScaled(plan.amountPaise, 2),
  installments: plan.installments,
  startDate: plan.startDate,
});

/**
 * /home/sep: the systematic equity plan mock-up (investing.md 2 "SEP and OFS mock-ups"). No call is made: the form's
 * rules are domain's checkSepForm, registrations live in this page only, and the dialogs are the spec's mock dialogs.
 */
export function SepPage() {
  const titleId = useId();
  const [page, setPage] = useState<Page>({ name: 'sep' });
  const [draft, setDraft] = useState<SepFormValues | null>(null);
  const [registered, setRegistered] = useState<(SepPlan & { id: number })[]>([]);

  const confirm = async (plan: SepPlan) => {
    if (
      !(await confirmDialog({
        header: dialogs.confirmTitle,
        message: dialogs.confirmText,
        positive: dialogs.yes,
        negative: dialogs.no,
      }))
    )
      return;
    setRegistered((list) => [...list, { ...plan, id: Date.now() }]);
    setPage({ name: 'order_success', plan });
    await showMessage({ header: dialogs.successTitle, message: dialogs.successText, buttonLabel: dialogs.ok });
  };
  const remove = async (id: number) => {
    if (
      !(await confirmDialog({
        header: dialogs.deleteTitle,
        message: dialogs.deleteText,
        positive: dialogs.yes,
        negative: dialogs.no,
      }))
    )
      return;
    setRegistered((list) => list.filter((r) => r.id !== id));
    await showMessage({
      header: dialogs.deleteSuccessTitle,
      message: dialogs.deleteSuccessText,
      buttonLabel: dialogs.ok,
    });
  };

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
      </header>
      <p className={styles.intro}>{text.intro}</p>
      <div className={styles.layout}>
        {page.name === 'sep' && (
          <SepForm
            initial={draft}
            onConfirm={(plan) => {
              setDraft(formOf(plan));
              setPage({ name: 'confirm_order', plan });
            }}
          />
        )}
        {page.name === 'confirm_order' && (
          <section className={styles.card} aria-labelledby="sep-confirm-heading">
            <h2 id="sep-confirm-heading" className={styles.heading}>
              {text.confirmTitle}
            </h2>
            <Summary plan={page.plan} />
            <div className={styles.actions}>
              <Button onClick={() => setPage({ name: 'sep' })}>{text.back}</Button>
              <Button variant="primary" onClick={() => void confirm(page.plan)}>
                {text.confirm}
              </Button>
            </div>
          </section>
        )}
        {page.name === 'order_success' && (
          <section className={styles.card} aria-labelledby="sep-success-heading">
            <h2 id="sep-success-heading" className={styles.heading}>
              {text.successTitle}
            </h2>
            <p className={styles.success}>{text.successText}</p>
            <Summary plan={page.plan} />
            <div className={styles.actions}>
              <Button
                variant="primary"
                onClick={() => {
                  setDraft(null);
                  setPage({ name: 'sep' });
                }}
              >
                {text.newSep}
              </Button>
            </div>
          </section>
        )}
        <NachNotes />
        <section className={styles.card} aria-labelledby="sep-list-heading">
          <h2 id="sep-list-heading" className={styles.heading}>
            {text.registrations}
          </h2>
          {registered.length === 0 ? (
            <p className={styles.muted}>{text.noRegistrations}</p>
          ) : (
            <ul className={styles.registrations}>
              {registered.map((r) => (
                <li key={r.id} className={styles.registration}>
                  <span>
                    <strong>{r.scrip}</strong> <span className={styles.muted}>{r.exchange}</span>{' '}
                    <span className="num">
                      {formatAmount(r.amountPaise)} × {r.installments}
                    </span>{' '}
                    <span className={styles.muted}>{text.frequencies[r.frequency]}</span>
                  </span>
                  <Button size="small" variant="ghost" onClick={() => void remove(r.id)}>
                    {text.deleteSep}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}
