import { fundsText } from '@kite/domain';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TabList } from '../../components/tabs/index.ts';
import { useBankDetails } from './api/fund-transfer-calls.ts';
import { FundAllocation } from './FundAllocation.tsx';
import { PayInResult } from './PayInResult.tsx';
import { PayInForm, PayOutForm } from './TransferForms.tsx';
import { PendingPayouts, TransferLog } from './TransferTables.tsx';
import { shownAmount } from './transfer-form.ts';
import styles from './fund-transfer.module.css';

type Tab = 'add' | 'withdraw';

const TABS = [
  { id: 'add' as const, label: fundsText.addTab },
  { id: 'withdraw' as const, label: fundsText.withdrawTab },
];

/** The query the payment gateway sends the payer back with (the pay-in's reference). */
const PAYIN_QUERY = 'payin';

/** /home/fundtransfer (investing.md 2, 7 "funds"): add funds through the payment gateway, withdraw to the bank. */
export function FundTransferPage() {
  const titleId = useId();
  const panelId = useId();
  const [tab, setTab] = useState<Tab>('add');
  const [search, setSearch] = useSearchParams();
  const returned = search.get(PAYIN_QUERY);
  const details = useBankDetails();
  const balances = details.data?.balances;

  let form;
  if (details.isPending) {
    form = (
      <p className={styles.muted} role="status">
        {fundsText.loading}
      </p>
    );
  } else if (details.isError) {
    form = (
      <p className={styles.error} role="alert">
        {details.error.message}
      </p>
    );
  } else if (details.data.banks.length === 0) {
    form = <p className={styles.muted}>{fundsText.noBank}</p>;
  } else if (tab === 'add') {
    form = <PayInForm banks={details.data.banks} />;
  } else {
    form = <PayOutForm banks={details.data.banks} withdrawable={details.data.balances.withdrawable} />;
  }

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {fundsText.title}
        </h1>
      </header>
      {returned && <PayInResult reference={returned} onClose={() => setSearch({}, { replace: true })} />}
      <div className={styles.columns}>
        <div className={styles.card}>
          <dl className={styles.balances}>
            <div>
              <dt>{fundsText.availableMargin}</dt>
              <dd className="num" data-testid="available-margin">
                {balances ? `₹${shownAmount(balances.availableMargin)}` : '--'}
              </dd>
            </div>
            <div>
              <dt>{fundsText.withdrawable}</dt>
              <dd className="num" data-testid="withdrawable">
                {balances ? `₹${shownAmount(balances.withdrawable)}` : '--'}
              </dd>
            </div>
          </dl>
          <TabList
            tabs={TABS}
            selected={tab}
            onSelect={setTab}
            label={fundsText.title}
            panelId={panelId}
            className={styles.tabs}
            tabClassName={styles.tab}
          />
          <div id={panelId} role="tabpanel" className={styles.form}>
            {form}
          </div>
        </div>
        <div className={styles.tables}>
          <FundAllocation />
          <PendingPayouts />
          <TransferLog />
        </div>
      </div>
    </section>
  );
}
