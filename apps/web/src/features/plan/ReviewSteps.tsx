import { displayDate, formatAmount, type MasterSubscriptionPlan, planText, summarySentence } from '@kite/domain';
import { Button } from '../../components/button/Button.tsx';
import { rupeesText } from './plan-amounts.ts';
import type { CurrentPlans, PlanChange } from './plan-flow.ts';
import styles from './plan.module.css';

function StepFrame({
  title,
  children,
  actions,
}: {
  title: string;
  children: React.ReactNode;
  actions: React.ReactNode;
}) {
  return (
    <div className={`${styles.stack} ${styles.narrow}`}>
      <h2 className={styles.heading}>{title}</h2>
      {children}
      <div className={styles.actions}>{actions}</div>
    </div>
  );
}

const amountOf = (paise: number) => <span className="num">{formatAmount(paise)}</span>;

/** Flag 3: 'Total Charges' with the summary sentence, each plan's amount, GST, total and the auto-renew choice. */
export function ReviewStep({
  change,
  master,
  autoRenew,
  onBack,
  onConfirm,
}: {
  change: PlanChange;
  master: MasterSubscriptionPlan;
  autoRenew: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const text = planText.review;
  const nameOf = (planId: string) => {
    const plan = [...master.EQ_plan_detail, ...master.FO_plan_detail].find((p) => p.plan_id === planId);
    const segment = master.EQ_plan_detail.some((p) => p.plan_id === planId)
      ? planText.chooser.equityPlan
      : planText.chooser.fnoPlan;
    return plan ? `${segment} · ${planText.planName(rupeesText(plan.plan_amount))}` : planId;
  };
  return (
    <StepFrame
      title={text.title}
      actions={
        <>
          <Button onClick={onBack}>{text.back}</Button>
          <Button variant="primary" disabled={change.request === ''} onClick={onConfirm}>
            {text.confirm}
          </Button>
        </>
      }
    >
      <p data-testid="plan-summary">{summarySentence(change.equityChange, change.fnoChange)}</p>
      {change.lines.length === 0 ? (
        <p className={styles.note}>{text.payNothing}</p>
      ) : (
        <dl className={styles.lines}>
          {change.lines.map((line) => (
            <div key={line.planId} className={styles.line}>
              <dt>{nameOf(line.planId)}</dt>
              <dd>{amountOf(line.amount)}</dd>
            </div>
          ))}
          <div className={styles.line}>
            <dt>{text.gst(master.GST_percent)}</dt>
            <dd>{amountOf(change.gst)}</dd>
          </div>
          <div className={`${styles.line} ${styles.totalLine}`}>
            <dt>{text.total}</dt>
            <dd data-testid="plan-total">{amountOf(change.total)}</dd>
          </div>
        </dl>
      )}
      <p>
        {text.autoRenew}: <strong>{autoRenew ? planText.chooser.autoRenewOn : planText.chooser.autoRenewOff}</strong>
      </p>
    </StepFrame>
  );
}

/** Flag 4: opting out of the equity plan, now or on expiry. */
export function UnsubscribeStep({
  onNow,
  onExpiry,
  onBack,
  busy,
}: {
  onNow: () => void;
  onExpiry: () => void;
  onBack: () => void;
  busy: boolean;
}) {
  const text = planText.unsubscribe;
  return (
    <StepFrame
      title={text.title}
      actions={
        <>
          <Button onClick={onBack}>{text.back}</Button>
          <Button disabled={busy} onClick={onNow}>
            {text.now}
          </Button>
          <Button variant="primary" disabled={busy} onClick={onExpiry}>
            {text.onExpiry}
          </Button>
        </>
      }
    >
      <p>{text.question}</p>
      <p className={styles.note}>{text.nowNote}</p>
      <p className={styles.note}>{text.expiryNote}</p>
    </StepFrame>
  );
}

/** Flag 5: without auto renewal the client renews by hand; Confirm sends the request. */
export function ManualRenewalStep({
  onBack,
  onConfirm,
  busy,
}: {
  onBack: () => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  const text = planText.manualRenewal;
  return (
    <StepFrame
      title={text.title}
      actions={
        <>
          <Button onClick={onBack}>{text.back}</Button>
          <Button variant="primary" disabled={busy} onClick={onConfirm}>
            {text.confirm}
          </Button>
        </>
      }
    >
      <p>{text.warning}</p>
    </StepFrame>
  );
}

/** Flags 6 and 7: the server's message under CONFIRMATION (result S) or 'REQUEST FAILED!' (result F). */
export function ResultStep({ result, message, onOk }: { result: 'S' | 'F'; message: string; onOk: () => void }) {
  const text = planText.result;
  return (
    <StepFrame
      title={result === 'S' ? text.success : text.failure}
      actions={
        <Button variant="primary" onClick={onOk}>
          {text.ok}
        </Button>
      }
    >
      <p role="status" className={result === 'F' ? styles.failed : undefined}>
        {message}
      </p>
    </StepFrame>
  );
}

/** Flag 8: a lower equity plan, taken when the current one ends. */
export function DowngradeStep({
  current,
  chosenAmount,
  onBack,
  onChange,
}: {
  current: CurrentPlans;
  chosenAmount: string;
  onBack: () => void;
  onChange: () => void;
}) {
  const text = planText.downgrade;
  return (
    <StepFrame
      title={text.title}
      actions={
        <>
          <Button onClick={onBack}>{text.back}</Button>
          <Button variant="primary" onClick={onChange}>
            {text.changeOnExpiry}
          </Button>
        </>
      }
    >
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{text.from}</dt>
          <dd className="num">{planText.planName(rupeesText(current.equity?.plan_amount ?? '0.00'))}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{text.to}</dt>
          <dd className="num">
            {planText.planName(rupeesText(chosenAmount))} · {displayDate(current.equity?.plan_renew_date ?? '')}
          </dd>
        </div>
      </dl>
      <p className={styles.note}>{text.note}</p>
    </StepFrame>
  );
}

/** The upgrade view: a higher equity plan applies at once. */
export function UpgradeStep({ onBack, onProceed }: { onBack: () => void; onProceed: () => void }) {
  const text = planText.upgrade;
  return (
    <StepFrame
      title={text.title}
      actions={
        <>
          <Button onClick={onBack}>{text.back}</Button>
          <Button variant="primary" onClick={onProceed}>
            {text.proceed}
          </Button>
        </>
      }
    >
      <p>{text.note}</p>
    </StepFrame>
  );
}

/** Flag 11: leaving the F&O plan. */
export function FnoOptOutStep({ onBack, onConfirm }: { onBack: () => void; onConfirm: () => void }) {
  const text = planText.fnoOptOut;
  return (
    <StepFrame
      title={text.title}
      actions={
        <>
          <Button onClick={onBack}>{text.back}</Button>
          <Button variant="primary" onClick={onConfirm}>
            {text.confirm}
          </Button>
        </>
      }
    >
      <p>{text.note}</p>
    </StepFrame>
  );
}
