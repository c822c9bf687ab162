import { deriveAbilities, displayDate, parseRupees, tradingText } from '@kite/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { CollapseIcon } from '../../components/icons/icons.tsx';
import { useLoginState } from '../../lib/session/session-store.ts';
import { RefreshIcon } from '../../components/icons/icons.tsx';
import { useLedger, useMarginDetails, useMarginUtilisation, type MarginSegment } from './api/margin-calls.ts';
import { amountSign, rupees, utilisation } from './margin-format.ts';
import styles from './margin.module.css';

const text = tradingText.margin;

function Figure({ label, value, signed = false }: { label: string; value: string | undefined; signed?: boolean }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd className={`num ${signed ? amountSign(value) : ''}`}>{rupees(value)}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <dl className={styles.figures}>{children}</dl>
    </section>
  );
}

type LedgerEntry = NonNullable<ReturnType<typeof useLedger>['data']>['entries'][number];

const ledgerColumns: DataColumn<LedgerEntry>[] = [
  { id: 'date', header: text.ledgerColumns.date, cell: (entry) => displayDate(entry.date) },
  { id: 'narration', header: text.ledgerColumns.narration, cell: (entry) => entry.narration },
  {
    id: 'debit',
    header: text.ledgerColumns.debit,
    cell: (entry) => rupees(entry.debit),
    sortValue: (entry) => parseRupees(entry.debit),
    align: 'end',
  },
  {
    id: 'credit',
    header: text.ledgerColumns.credit,
    cell: (entry) => rupees(entry.credit),
    sortValue: (entry) => parseRupees(entry.credit),
    align: 'end',
  },
  { id: 'balance', header: text.ledgerColumns.balance, cell: (entry) => rupees(entry.balance), align: 'end' },
];

function Ledger() {
  const ledger = useLedger();
  const id = useId();
  return (
    <section className={`${styles.section} ${styles.ledger}`} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {text.ledger}
        {ledger.data && <span className={`num ${styles.ledgerBalance}`}>{rupees(ledger.data.ledgerBalance)}</span>}
      </h2>
      <DataTable
        caption={text.ledger}
        columns={ledgerColumns}
        rows={ledger.data?.entries}
        rowKey={(entry) => `${entry.date}|${entry.narration}|${entry.balance}|${entry.debit}|${entry.credit}`}
        loading={ledger.isFetching}
        loadingText={text.loading}
        error={ledger.isError ? ledger.error.message : undefined}
        empty={text.ledgerEmpty}
        stickyHeader={false}
      />
    </section>
  );
}

function Margin({ commodity }: { commodity: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [segment, setSegment] = useState<MarginSegment>('equity');
  const details = useMarginDetails(segment);
  const percent = useMarginUtilisation();
  const used = utilisation(percent.data);
  const data = details.data;
  const titleId = useId();

  const refresh = () => {
    for (const key of ['marginDetails', 'marginUtilisation', 'ledgerBalance'])
      void queryClient.invalidateQueries({ queryKey: [key] });
  };

  let body: ReactNode;
  if (details.isError)
    body = (
      <p role="alert" className={styles.message}>
        {details.error.message}
      </p>
    );
  else if (!data)
    body = (
      <p role="status" className={styles.message}>
        {text.loading}
      </p>
    );
  else
    body = (
      <>
        <div className={styles.summary}>
          <div className={styles.headline}>
            <span className={styles.headlineLabel}>{text.availableMargin}</span>
            <span
              className={`num ${styles.headlineValue} ${amountSign(data.availableMargin) === 'down' ? 'down' : ''}`}
              data-testid="available-margin"
            >
              {rupees(data.availableMargin)}
            </span>
          </div>
          <div className={styles.headline}>
            <span className={styles.headlineLabel}>{text.usedMargin}</span>
            <span className={`num ${styles.headlineValue}`} data-testid="used-margin">
              {rupees(data.usedMargin.total)}
            </span>
          </div>
          <div className={styles.headline}>
            <span className={styles.headlineLabel}>{text.utilisation}</span>
            <span className={`num ${styles.headlineValue}`} data-testid="utilisation">
              {used.shown}
            </span>
            <span
              className={styles.meter}
              role="meter"
              aria-label={text.utilisation}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(used.hundredths / 100)}
            >
              <span className={styles.meterFill} style={{ width: `${used.hundredths / 100}%` }} />
            </span>
          </div>
        </div>
        <div className={styles.grid}>
          <Section title={text.funds}>
            <Figure label={text.ledgerBalance} value={data.ledgerBalance} />
            <Figure label={text.payin} value={data.payin} />
            <Figure label={text.payout} value={data.payout} />
            <Figure label={text.collateral} value={data.collateral} />
            <Figure label={text.deliveryCash} value={data.deliveryCash} />
          </Section>
          <Section title={text.usedByKind}>
            <Figure label={text.span} value={data.usedMargin.span} />
            <Figure label={text.exposure} value={data.usedMargin.exposure} />
            <Figure label={text.premium} value={data.usedMargin.premium} />
            <Figure label={text.delivery} value={data.usedMargin.delivery} />
            <Figure label={text.other} value={data.usedMargin.other} />
            <Figure label={text.total} value={data.usedMargin.total} />
          </Section>
          <Section title={text.pnl}>
            <Figure label={text.realisedPnl} value={data.realisedPnl} signed />
            <Figure label={text.unrealisedPnl} value={data.unrealisedPnl} signed />
          </Section>
        </div>
      </>
    );

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        {commodity && (
          <div role="radiogroup" aria-label={text.segment} className={styles.switch}>
            {(['equity', 'commodity'] as const).map((each) => (
              <button
                key={each}
                type="button"
                role="radio"
                aria-checked={segment === each}
                className={styles.switchButton}
                onClick={() => setSegment(each)}
              >
                {text.segments[each]}
              </button>
            ))}
          </div>
        )}
        <div className={styles.tools}>
          <IconButton label={tradingText.positionsScreen.refresh} icon={<RefreshIcon />} onClick={refresh} />
          <IconButton
            label={tradingText.positionsScreen.collapse}
            icon={<CollapseIcon />}
            onClick={() => navigate('/home/dashboard')}
          />
        </div>
      </header>
      <div className={styles.body}>
        {body}
        <Ledger />
      </div>
    </section>
  );
}

/** /home/margin (trading.md 2): funds, collateral, used margin by kind, available margin and the ledger. */
export function MarginPage() {
  const login = useLoginState();
  if (!login) return null;
  return <Margin commodity={deriveAbilities(login.accountDetails, login.flags).commodity} />;
}
