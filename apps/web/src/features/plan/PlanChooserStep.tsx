import { planText, type MasterPlan, type MasterSubscriptionPlan } from '@kite/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { showMessage } from '../../components/dialog/index.ts';
import { rupeesText } from './plan-amounts.ts';
import type { PlanSelection } from './plan-flow.ts';
import styles from './plan.module.css';

const text = planText.chooser;

function PlanOption({
  plan,
  title,
  checked,
  onToggle,
  exposure,
}: {
  plan: MasterPlan;
  title: string;
  checked: boolean;
  onToggle: () => void;
  exposure: string;
}) {
  const id = useId();
  return (
    <fieldset className={`${styles.card} ${checked ? styles.chosen : ''}`} aria-labelledby={`${id}-title`}>
      <div className={styles.optionHead}>
        <h3 id={`${id}-title`} className={styles.cardTitle}>
          {title} · <span className="num">{text.perMonth(rupeesText(plan.plan_amount))}</span>
        </h3>
        {plan.popularity_flag === 'Y' && <span className={styles.badge}>{text.popular}</span>}
      </div>
      <ul className={styles.features}>
        <li>{text.intradayExposure(exposure)}</li>
        {plan.margin_funding_limit !== '0.00' && <li>{text.fundingLimit(rupeesText(plan.margin_funding_limit))}</li>}
      </ul>
      <label className={styles.check}>
        <input type="checkbox" checked={checked} onChange={onToggle} data-plan={plan.plan_id} />
        {text.optIn}
      </label>
    </fieldset>
  );
}

/** Flag 2: the plan chooser (investing.md 2): one checkbox per plan, auto renew, terms, FAQ, Confirm. */
export function PlanChooserStep({
  master,
  selection,
  touched,
  showFno,
  onSelect,
  onToggle,
  onCancel,
  onConfirm,
}: {
  master: MasterSubscriptionPlan;
  selection: PlanSelection;
  touched: boolean;
  showFno: boolean;
  /** The auto-renew choice. */
  onSelect: (selection: PlanSelection) => void;
  /** A plan checkbox toggled: this enables Confirm. */
  onToggle: (selection: PlanSelection) => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const autoRenewId = useId();
  const toggle = (segment: 'equity' | 'fno', planId: string) =>
    onToggle({ ...selection, [segment]: selection[segment] === planId ? null : planId });
  return (
    <div className={styles.stack}>
      <h2 className={styles.heading}>{text.title}</h2>
      <ul className={styles.benefits}>
        {text.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <p className={styles.note}>{text.saving}</p>
      <div className={styles.cards}>
        {master.EQ_plan_detail.map((plan) => (
          <PlanOption
            key={plan.plan_id}
            plan={plan}
            title={text.equityPlan}
            checked={selection.equity === plan.plan_id}
            onToggle={() => toggle('equity', plan.plan_id)}
            exposure={master.intraday_exposure_factor_EQ}
          />
        ))}
        {showFno &&
          master.FO_plan_detail.map((plan) => (
            <PlanOption
              key={plan.plan_id}
              plan={plan}
              title={text.fnoPlan}
              checked={selection.fno === plan.plan_id}
              onToggle={() => toggle('fno', plan.plan_id)}
              exposure={master.intraday_exposure_factor_FO}
            />
          ))}
      </div>
      <p className={styles.note}>{text.gstExtra(master.GST_percent)}</p>
      <div className={styles.autoRenew} role="radiogroup" aria-labelledby={autoRenewId}>
        <span id={autoRenewId} className={styles.label}>
          {text.autoRenew}
        </span>
        {[true, false].map((on) => (
          <label key={String(on)} className={styles.check}>
            <input
              type="radio"
              name="autoRenew"
              checked={selection.autoRenew === on}
              onChange={() => onSelect({ ...selection, autoRenew: on })}
            />
            {on ? text.autoRenewOn : text.autoRenewOff}
          </label>
        ))}
        <button
          type="button"
          className={styles.info}
          aria-label={text.autoRenewInfoLabel}
          onClick={() => void showMessage({ header: text.autoRenewInfoTitle, message: text.autoRenewInfo })}
        >
          i
        </button>
      </div>
      <p className={styles.note}>
        {text.termsText} <Link to="/home/termsandcondition">{text.terms}</Link>
      </p>
      <section className={styles.faq} aria-label={text.faqHeading}>
        <h3 className={styles.cardTitle}>{text.faqHeading}</h3>
        {text.faq.map((item) => (
          <details key={item.question} className={styles.faqItem}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </section>
      <div className={styles.actions}>
        <Button onClick={onCancel}>{text.cancel}</Button>
        {/* investing.md 5: enabled only after a plan checkbox has been toggled */}
        <Button variant="primary" disabled={!touched} onClick={onConfirm}>
          {text.confirm}
        </Button>
      </div>
    </div>
  );
}
