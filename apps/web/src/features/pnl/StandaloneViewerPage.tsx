import { clientPortfolio, formatAmount, formatQuantity, investingText, parseRupees, platformText, type ViewerDetail, type ViewerSummary } from '@kite/domain';
import { useCallback, useEffect, useId, useRef, useState, type ClipboardEvent, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { Dialog, openDialog, showMessage } from '../../components/dialog/index.ts';
import { callApi } from '../../lib/api/client.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { signClass } from './pnl-view.ts';
import styles from './pnl.module.css';

const text = investingText.viewer;
export type ViewerVariant = 'standard' | 'new';

/**
 * investing.md 9: auto-refresh every 4 s; the new view every 5 s while a client id is set, and not at all without
 * one (investing.md 5: "In the new variant auto-refresh only runs when a client id is non-empty"): null.
 */
export function refreshMs(variant: ViewerVariant, clientId: string | null): number | null {
  if (variant === 'new') return clientId ? 5_000 : null;
  return 4_000;
}

const paise = (value: string) => parseRupees(value) ?? 0;
const noPaste = (event: ClipboardEvent) => event.preventDefault();

function Money({ value }: { value: number }) {
  return <span className={signClass(value)}>{formatAmount(value)}</span>;
}

function price(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${formatQuantity(Number(whole))}.${fraction}`;
}

/**
 * A detail row with its place in the answer: contract and product do not name a row (RELIANCE INTRADAY on NSE and on
 * BSE are two rows with the same description), so the key is the place; every refresh replaces the whole list.
 */
type PlacedDetail = ViewerDetail & { n: number };

const detailColumns: DataColumn<PlacedDetail>[] = (() => {
  const c = text.detailColumns;
  const num = (id: string, header: string, cell: (d: ViewerDetail) => ReactNode): DataColumn<PlacedDetail> => ({ id, header, cell, align: 'end' });
  return [
    { id: 'client', header: c.client, cell: (d) => d.userId },
    { id: 'contract', header: c.contract, cell: (d) => d.contraDesc },
    num('mktPrice', c.marketPrice, (d) => price(d.mktPrice)),
    num('prevPos', c.prevQty, (d) => formatQuantity(d.prevPos)),
    num('prevAvg', c.prevAvg, (d) => price(d.prevAvgPrice)),
    num('buyQty', c.buyQty, (d) => formatQuantity(d.buyQty)),
    num('buyAvg', c.buyAvg, (d) => price(d.buyAvgPrice)),
    num('sellQty', c.sellQty, (d) => formatQuantity(d.sellQty)),
    num('sellAvg', c.sellAvg, (d) => price(d.sellAvgPrice)),
    num('netQty', c.netQty, (d) => formatQuantity(d.netQty)),
    num('netAvg', c.netAvg, (d) => price(d.netAvgPrice)),
    num('anov', c.anov, (d) => formatAmount(paise(d.Anov))),
    num('booked', c.booked, (d) => <Money value={paise(d.bookedPnl)} />),
    num('notional', c.notional, (d) => <Money value={paise(d.unRealPnl)} />),
    { id: 'product', header: c.product, cell: (d) => d.prdType },
  ];
})();

/** investing.md 9: per-client TOTAL and GRAND TOTAL sum ANOV, booked, notional, and booked plus notional. */
export function detailTotals(details: readonly ViewerDetail[]) {
  const anov = details.reduce((n, d) => n + paise(d.Anov), 0);
  const booked = details.reduce((n, d) => n + paise(d.bookedPnl), 0);
  const notional = details.reduce((n, d) => n + paise(d.unRealPnl), 0);
  return { anov, booked, notional, mtm: booked + notional };
}

function TotalLine({ label, details }: { label: string; details: readonly ViewerDetail[] }) {
  const t = detailTotals(details);
  const c = text.detailColumns;
  return (
    <dl className={styles.viewerTotal} aria-label={label}>
      <dt>{label}</dt>
      <dd>
        {c.anov} {formatAmount(t.anov)}
      </dd>
      <dd>
        {c.booked} <Money value={t.booked} />
      </dd>
      <dd>
        {c.notional} <Money value={t.notional} />
      </dd>
      <dd>
        {text.summaryColumns.mtm} <Money value={t.mtm} />
      </dd>
    </dl>
  );
}

function PasswordPrompt({ onSubmit }: { onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <Dialog title={text.passwordTitle}>
      <form onSubmit={submit} className={styles.viewerForm}>
        <label htmlFor={id}>{text.password}</label>
        <input id={id} type="password" autoFocus value={password} onPaste={noPaste} onChange={(e) => setPassword(e.currentTarget.value)} className={styles.viewerInput} />
        <Button type="submit" variant="primary">
          {text.ok}
        </Button>
      </form>
    </Dialog>
  );
}

type Tables = { summary: ViewerSummary[]; details: ViewerDetail[] };

/**
 * /Portfolio.html (standard) and /MyPortfolio.html (new): the password-protected viewer (investing.md 2, 4
 * "Standalone portfolio viewer", 9). The password is asked first and kept in memory only, for the refreshes.
 */
export function StandaloneViewerPage({ variant }: { variant: ViewerVariant }) {
  const password = useRef<string | null>(null);
  const [shown, setShown] = useState(false);
  const [tables, setTables] = useState<Tables | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [clientInput, setClientInput] = useState('');
  const [clientId, setClientId] = useState<string | null>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const clientInputId = useId();

  const load = useCallback(
    async (secret: string, client: string | null): Promise<boolean> => {
      try {
        const { data } = await callApi(clientPortfolio, { isCustomized: variant === 'new' ? '1' : '0', password: secret, ...(variant === 'new' && client ? { client_id: client } : {}) });
        if (!data.clientsData.validUser) return false;
        setTables({ summary: data.clientsData.summary, details: data.clientsData.details });
        setError(null);
        return true;
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
        return true;
      }
    },
    [variant],
  );

  // A refresh the server answers validUser false (the password changed, or the tries ran out) goes back to the prompt
  // with the wrong-password alert, as a first answer does (investing.md 4); the tables are not left up to date-less.
  const refresh = useCallback(
    async (client: string | null) => {
      const secret = password.current;
      if (!secret || (await load(secret, client))) return;
      password.current = null;
      setTables(null);
      setShown(false);
      void showMessage({ message: text.wrongPassword });
    },
    [load],
  );

  const submitPassword = async (secret: string) => {
    if (await load(secret, clientId)) {
      password.current = secret;
      setShown(true);
    } else {
      void showMessage({ message: text.wrongPassword });
    }
  };

  // Auto-refresh while the tables are shown.
  useEffect(() => {
    const every = refreshMs(variant, clientId);
    if (!shown || every === null) return;
    const timer = setInterval(() => void refresh(clientId), every);
    return () => clearInterval(timer);
  }, [shown, clientId, variant, refresh]);

  // investing.md 4: on focus, a session of another user than the one this window opened with is not valid.
  useEffect(() => {
    const stored = sessionStore.get()?.userId ?? null;
    const onFocus = () => {
      sessionStore.reload();
      if ((sessionStore.get()?.userId ?? null) === stored) return;
      void openDialog<void>(
        (close) => (
          <Dialog
            title={platformText.messageHeader}
            role="alertdialog"
            footer={
              <Button
                variant="primary"
                autoFocus
                onClick={() => {
                  close();
                  window.close();
                }}
              >
                {text.close}
              </Button>
            }
          >
            <p>{platformText.invalidWindowSession}</p>
          </Dialog>
        ),
        'viewer-session',
      );
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);

  if (!shown) return <PasswordPrompt onSubmit={(secret) => void submitPassword(secret)} />;

  const toggle = (client: string) => setOpen((keys) => {
    const next = new Set(keys);
    if (next.has(client)) next.delete(client);
    else next.add(client);
    return next;
  });
  const s = text.summaryColumns;
  const summaryColumns: DataColumn<ViewerSummary>[] = [
    {
      id: 'details',
      header: s.details,
      cell: (row) => (
        <button type="button" className={styles.viewerToggle} aria-expanded={open.has(row.clientId)} onClick={() => toggle(row.clientId)}>
          {open.has(row.clientId) ? '−' : '+'}
          <span className={styles.visuallyHidden}>{text.toggle(row.clientId)}</span>
        </button>
      ),
    },
    { id: 'clientId', header: s.clientId, cell: (row) => row.clientId },
    { id: 'booked', header: s.booked, cell: (row) => <Money value={paise(row.bookedPnl)} />, align: 'end' },
    { id: 'notional', header: s.notional, cell: (row) => <Money value={paise(row.unRealPnl)} />, align: 'end' },
    { id: 'mtm', header: s.mtm, cell: (row) => <Money value={paise(row.mtm)} />, align: 'end' },
    { id: 'anov', header: s.anov, cell: (row) => formatAmount(paise(row.anov)), align: 'end' },
  ];
  const summary = tables?.summary ?? [];
  const grossMtm = summary.reduce((n, r) => n + paise(r.mtm), 0);
  const grossAnov = summary.reduce((n, r) => n + paise(r.anov), 0);

  return (
    <main className={styles.viewer}>
      {variant === 'new' && (
        <form
          className={styles.viewerForm}
          onSubmit={(event) => {
            event.preventDefault();
            const next = clientInput.trim() || null;
            setClientId(next);
            void refresh(next);
          }}
        >
          <label htmlFor={clientInputId}>{text.clientIdLabel}</label>
          <input id={clientInputId} value={clientInput} onPaste={noPaste} onChange={(e) => setClientInput(e.currentTarget.value)} className={styles.viewerInput} />
          <Button type="submit" variant="primary">
            {text.ok}
          </Button>
        </form>
      )}
      {error !== null ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : (
        <>
          <section className={styles.viewerSection}>
            <header className={styles.toolbar}>
              <h1 className={styles.title}>{text.summaryTitle}</h1>
              <div className={styles.tools}>
                <Button onClick={() => void refresh(clientId)}>{text.refresh}</Button>
              </div>
            </header>
            <DataTable
              caption={text.summaryTitle}
              columns={summaryColumns}
              rows={tables?.summary}
              rowKey={(row) => row.clientId}
              empty={text.noPositions}
              stickyHeader={false}
              totalRow={{ cells: { details: text.grossMtm, mtm: <Money value={grossMtm} />, anov: formatAmount(grossAnov) } }}
            />
          </section>
          <section className={styles.viewerSection}>
            <h2 className={styles.title}>{text.detailsTitle}</h2>
            {summary.map((row) => {
              const details = (tables?.details ?? []).filter((d) => d.userId === row.clientId);
              return (
                <div key={row.clientId} className={styles.viewerClient}>
                  <button type="button" className={styles.viewerToggle} aria-expanded={open.has(row.clientId)} onClick={() => toggle(row.clientId)}>
                    {open.has(row.clientId) ? '−' : '+'} {row.clientId}
                  </button>
                  {open.has(row.clientId) && (
                    <>
                      <DataTable caption={text.toggle(row.clientId)} columns={detailColumns} rows={details.map((d, n) => ({ ...d, n }))} rowKey={(d) => String(d.n)} empty={text.noPositions} stickyHeader={false} density="compact" className={styles.fit} />
                      <TotalLine label={text.clientTotal} details={details} />
                    </>
                  )}
                </div>
              );
            })}
            <TotalLine label={text.grandTotal} details={tables?.details ?? []} />
          </section>
        </>
      )}
    </main>
  );
}

export function PortfolioViewerPage() {
  return <StandaloneViewerPage variant="standard" />;
}

export function MyPortfolioViewerPage() {
  return <StandaloneViewerPage variant="new" />;
}
