import {
  displayDate,
  FNO_WITHOUT_PLAN_BROKERAGE_PAISE,
  formatAmount,
  PLAN_BROKERAGE_PAISE,
  type PlanDetail,
  planText,
} from '@kite/domain';
import { Button } from '../../components/button/Button.tsx';
import { rupeesText } from './plan-amounts.ts';
import type { CurrentPlans } from './plan-flow.ts';
import styles from './plan.module.css';

const text = planText.current;

function brokerageOf(covered: boolean, fallback?: number): string {
  if (covered) return text.perOrder(formatAmount(PLAN_BROKERAGE_PAISE));
  return fallback === undefined ? text.standard : text.perOrder(formatAmount(fallback));
}

function PlanFacts({ title, plan, none }: { title: string; plan: PlanDetail | null; none: string }) {
  if (!plan) {
    return (
      <section className={styles.card} aria-label={title}>
        <h3 className={styles.cardTitle}>{title}</h3>
        <p className={styles.note}>{none}</p>
      </section>
    );
  }
  const rows: [string, string][] = [
    [text.plan, planText.planName(rupeesText(plan.plan_amount))],
    [text.startDate, displayDate(plan.plan_start_date)],
    [text.endDate, displayDate(plan.plan_end_date)],
    [text.renewDate, displayDate(plan.plan_renew_date)],
    [text.autoRenewal, plan.auto_renewal_flag === 'Y' ? text.yes : text.no],
  ];
  return (
    <section className={styles.card} aria-label={title}>
      <h3 className={styles.cardTitle}>{title}</h3>
      <dl className={styles.facts}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>{plan.message}</p>
    </section>
  );
}

/** Flag 0: the client's plans, the brokerage they give, and the way to subscribe, change or leave. */
export function CurrentPlanStep({
  current,
  messages,
  eligible,
  onChoose,
  onUnsubscribe,
}: {
  current: CurrentPlans;
  messages: { equity: string; fno: string };
  eligible: boolean;
  onChoose: () => void;
  onUnsubscribe: () => void;
}) {
  const none = !current.equity && !current.fno;
  const equity = current.equity !== null;
  const fno = current.fno !== null;
  return (
    <div className={styles.stack}>
      <h2 className={styles.heading}>{text.heading}</h2>
      {none ? (
        <p className={`${styles.card} ${styles.noPlan}`}>{text.noPlan}</p>
      ) : (
        <>
          <div className={styles.cards}>
            <PlanFacts title={planText.chooser.equityPlan} plan={current.equity} none={messages.equity} />
            <PlanFacts title={planText.chooser.fnoPlan} plan={current.fno} none={messages.fno} />
          </div>
          <section className={`${styles.card} ${styles.brokerageCard}`} aria-label={text.brokerageHeading}>
            <h3 className={styles.cardTitle}>{text.brokerageHeading}</h3>
            <dl className={styles.lines}>
              {(
                [
                  [text.equity, brokerageOf(equity)],
                  [text.fno, brokerageOf(fno, equity ? FNO_WITHOUT_PLAN_BROKERAGE_PAISE : undefined)],
                  [text.currency, brokerageOf(equity)],
                ] as const
              ).map(([segment, brokerage]) => (
                <div key={segment} className={styles.line}>
                  <dt>{segment}</dt>
                  <dd>{brokerage}</dd>
                </div>
              ))}
            </dl>
          </section>
        </>
      )}
      {!eligible && <p className={styles.note}>{text.notEligible}</p>}
      <div className={styles.actions}>
        {equity && <Button onClick={onUnsubscribe}>{text.unsubscribe}</Button>}
        <Button variant="primary" disabled={!eligible} onClick={onChoose}>
          {none ? text.subscribe : text.changePlan}
        </Button>
      </div>
    </div>
  );
}
