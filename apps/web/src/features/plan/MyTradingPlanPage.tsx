import { deriveAbilities, planText } from '@kite/domain';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { useLoginState } from '../../lib/session/session-store.ts';
import { local, storageKeys } from '../../lib/storage/storage.ts';
import { useMasterPlans, useMyTradingPlan, useSubscribe } from './api/plan-calls.ts';
import { CurrentPlanStep } from './CurrentPlanStep.tsx';
import {
  currentPlansOf,
  initialSelection,
  planChange,
  stepAfterChooser,
  stepAfterEquityReview,
  stepAfterReview,
  unsubscribeRequest,
  type PlanSelection,
  type PlanStep,
} from './plan-flow.ts';
import { PlanChooserStep } from './PlanChooserStep.tsx';
import {
  DowngradeStep,
  FnoOptOutStep,
  ManualRenewalStep,
  ResultStep,
  ReviewStep,
  UnsubscribeStep,
  UpgradeStep,
} from './ReviewSteps.tsx';
import styles from './plan.module.css';

/** The SSO route /MyTradingPlan opens the screen full page (investing.md 2: redirect hint MyTradingPlan). */
export const FULL_PAGE_HINT = 'MyTradingPlan';

function isFullPage(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { redirect?: unknown }).redirect === FULL_PAGE_HINT;
}

/** /home/mytradingplan (investing.md 2 "My Trading Plan"): the steps of the plan flow by their flags. */
export function MyTradingPlanPage() {
  const titleId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLoginState();
  const current = useMyTradingPlan();
  const [step, setStep] = useState<PlanStep>(0);
  const [selection, setSelection] = useState<PlanSelection | null>(null);
  const [touched, setTouched] = useState(false);
  const [result, setResult] = useState<{ result: 'S' | 'F'; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const master = useMasterPlans(step !== 0 || selection !== null);
  const subscribe = useSubscribe();
  const fullPage = isFullPage(location.state);
  const showFno = login ? deriveAbilities(login.accountDetails, login.flags).fno : false;

  const plans = current.data ? currentPlansOf(current.data) : null;
  const change = plans && master.data && selection ? planChange(selection, plans, master.data) : null;

  const fail = (message: string) => {
    // investing.md 8: a trading plan error shows its message in the error area and clears the data parameter
    setError(message);
    local.remove(storageKeys.dataParam);
  };

  const send = (planId: string, resultStep: 6 | 7) => {
    setError(null);
    subscribe.mutate(planId, {
      onSuccess: (answer) => {
        setResult(answer);
        setStep(resultStep);
      },
      onError: (err) => fail(err.message),
    });
  };

  const openChooser = () => {
    setError(null);
    setTouched(false);
    setSelection(null);
    setStep(2);
  };

  // The chooser's selection starts from the master list once it has loaded (popular preselected, investing.md 4).
  if (step === 2 && selection === null && master.data && plans) setSelection(initialSelection(master.data, plans));

  const backToPlan = () => {
    setStep(0);
    setSelection(null);
    setResult(null);
  };

  let body: React.ReactNode;
  if (current.isPending) {
    body = (
      <p role="status" className={styles.empty}>
        {planText.loading}
      </p>
    );
  } else if (current.isError || !plans || !current.data) {
    body = (
      <div role="alert" className={styles.errorArea}>
        <p>{current.error?.message}</p>
        <Button onClick={() => void current.refetch()}>{planText.retry}</Button>
      </div>
    );
  } else if (step === 0) {
    body = (
      <CurrentPlanStep
        current={plans}
        messages={{
          equity: current.data.plan_detail.EQ_plan_detail.message,
          fno: current.data.plan_detail.FO_plan_detail.message,
        }}
        eligible={current.data.eacc_flag === 'Y'}
        onChoose={openChooser}
        onUnsubscribe={() => setStep(4)}
      />
    );
  } else if (step === 4 && plans.equity) {
    const equity = plans.equity;
    body = (
      <UnsubscribeStep
        busy={subscribe.isPending}
        onBack={backToPlan}
        onNow={() => send(unsubscribeRequest(equity, true), 7)}
        onExpiry={() => send(unsubscribeRequest(equity, false), 7)}
      />
    );
  } else if ((step === 6 || step === 7) && result) {
    body = <ResultStep result={result.result} message={result.message} onOk={() => navigate('/home/dashboard')} />;
  } else if (master.isPending) {
    body = (
      <p role="status" className={styles.empty}>
        {planText.loading}
      </p>
    );
  } else if (master.isError || !master.data || !selection || !change) {
    body = (
      <div role="alert" className={styles.errorArea}>
        <p>{master.error?.message}</p>
        <Button onClick={backToPlan}>{planText.review.back}</Button>
      </div>
    );
  } else if (step === 2) {
    body = (
      <PlanChooserStep
        master={master.data}
        selection={selection}
        touched={touched}
        showFno={showFno}
        onSelect={setSelection}
        onToggle={(next) => {
          setSelection(next);
          setTouched(true);
        }}
        onCancel={backToPlan}
        onConfirm={() => setStep(stepAfterChooser(change))}
      />
    );
  } else if (step === 10) {
    body = <UpgradeStep onBack={() => setStep(2)} onProceed={() => setStep(stepAfterEquityReview(change))} />;
  } else if (step === 8) {
    const chosen = master.data.EQ_plan_detail.find((p) => p.plan_id === selection.equity);
    body = (
      <DowngradeStep
        current={plans}
        chosenAmount={chosen?.plan_amount ?? '0.00'}
        onBack={() => setStep(2)}
        onChange={() => setStep(stepAfterEquityReview(change))}
      />
    );
  } else if (step === 11) {
    body = <FnoOptOutStep onBack={() => setStep(2)} onConfirm={() => setStep(3)} />;
  } else if (step === 5) {
    body = (
      <ManualRenewalStep
        busy={subscribe.isPending}
        onBack={() => setStep(3)}
        onConfirm={() => send(change.request, 6)}
      />
    );
  } else {
    body = (
      <ReviewStep
        change={change}
        master={master.data}
        autoRenew={selection.autoRenew}
        onBack={() => setStep(2)}
        onConfirm={() => {
          if (stepAfterReview(selection.autoRenew) === 5) setStep(5);
          else send(change.request, 6);
        }}
      />
    );
  }

  return (
    <section className={fullPage ? styles.fullPage : styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {planText.title}
        </h1>
        {fullPage && login && (
          <span className={styles.clientId} data-testid="plan-client-id">
            {login.userId}
          </span>
        )}
      </header>
      {error && (
        <div role="alert" className={styles.errorArea}>
          {error}
        </div>
      )}
      <div className={styles.panel}>{body}</div>
    </section>
  );
}
