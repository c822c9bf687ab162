import {
  groupIndian,
  investingText,
  checkSpanPosition,
  SPAN_MAX_LOTS,
  SPAN_MAX_POSITIONS,
  type SpanPosition,
  type SpanResult,
} from '@kite/domain';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { NumericInput } from '../../components/inputs/index.ts';
import {
  fetchSpanOfMyPositions,
  useSpanContracts,
  useSpanExpiries,
  useSpanInstruments,
  useSpanMargin,
  useSpanSymbols,
  type SpanKind,
} from './api/span-calls.ts';
import { CalculatorFooter } from './CalculatorFooter.tsx';
import styles from './calculators.module.css';

const text = investingText.spanCalculator;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** "2026-12-31" -> "31-DEC-2026", as contract names write expiries. */
export function expiryLabel(iso: string): string {
  const [year = '', month = '', day = ''] = iso.split('-');
  return `${day}-${MONTHS[Number(month) - 1] ?? month}-${year}`;
}

/** A listed position with a key of its own, so rows keep their identity as others are removed. */
interface ListedPosition extends SpanPosition {
  key: number;
}

type Row = SpanResult['positions'][number] & { key: number };

const kindKey = (kind: SpanKind) => `${kind.exchange} ${kind.instrument}`;

/** A labelled list: the label names only the list (a select inside its label would add its options to the name). */
function SelectField({
  label,
  value,
  disabled,
  onChange,
  children,
}: {
  label: string;
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={styles.select}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{text.choose}</option>
        {children}
      </select>
    </div>
  );
}

function AddPosition({ onAdd, listed }: { onAdd: (position: SpanPosition) => void; listed: number }) {
  const instruments = useSpanInstruments();
  const [kind, setKind] = useState<SpanKind | null>(null);
  const [symbol, setSymbol] = useState('');
  const [expiry, setExpiry] = useState('');
  const [trSymbol, setTrSymbol] = useState('');
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [lots, setLots] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const symbols = useSpanSymbols(kind);
  const expiries = useSpanExpiries(kind, symbol);
  const contracts = useSpanContracts(kind, symbol, expiry);
  const sideId = useId();

  const chooseKind = (value: string) => {
    setKind(instruments.data?.find((k) => kindKey(k) === value) ?? null);
    setSymbol('');
    setExpiry('');
    setTrSymbol('');
  };
  // A future's expiry has one contract: it is the choice.
  const single = contracts.data?.length === 1 ? contracts.data[0] : undefined;
  const chosenContract = trSymbol || single?.trSymbol || '';
  const add = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSpanPosition(lots, listed);
    if (!checked.ok) return setError(checked.error);
    if (!kind || !chosenContract) return;
    setError(null);
    onAdd({ exchange: kind.exchange, trSymbol: chosenContract, side, lots: checked.lots });
  };
  const listError = [instruments, symbols, expiries, contracts].find((q) => q.isError)?.error?.message ?? null;
  return (
    <form className={styles.form} onSubmit={add} noValidate aria-label={text.addPosition}>
      <h2 className={styles.resultTitle}>{text.addPosition}</h2>
      <SelectField label={text.instrument} value={kind ? kindKey(kind) : ''} onChange={chooseKind}>
        {instruments.data?.map((k) => (
          <option key={kindKey(k)} value={kindKey(k)}>
            {k.exchange} · {text.instruments[k.instrument] ?? k.instrument}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={text.symbol}
        value={symbol}
        disabled={!symbols.data}
        onChange={(value) => (setSymbol(value), setExpiry(''), setTrSymbol(''))}
      >
        {symbols.data?.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={text.expiry}
        value={expiry}
        disabled={!expiries.data}
        onChange={(value) => (setExpiry(value), setTrSymbol(''))}
      >
        {expiries.data?.map((e) => (
          <option key={e} value={e}>
            {expiryLabel(e)}
          </option>
        ))}
      </SelectField>
      {contracts.data && contracts.data.length > 1 && (
        <SelectField label={text.contract} value={trSymbol} onChange={setTrSymbol}>
          {contracts.data.map((c) => (
            <option key={c.trSymbol} value={c.trSymbol}>
              {c.strike} {c.optType} · {groupIndian(c.ltp)}
            </option>
          ))}
        </SelectField>
      )}
      <div className={styles.field}>
        <span id={sideId}>{text.side}</span>
        <div role="radiogroup" aria-labelledby={sideId} className={styles.sides}>
          {(['buy', 'sell'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={side === s}
              className={`${styles.side} ${side === s ? styles[s] : ''}`}
              onClick={() => setSide(s)}
            >
              {s === 'buy' ? text.buy : text.sell}
            </button>
          ))}
        </div>
      </div>
      <NumericInput
        label={text.lots}
        showLabel
        value={lots}
        onChange={setLots}
        integerOnly
        min="1"
        max={String(SPAN_MAX_LOTS)}
      />
      <CalculatorFooter error={error ?? listError}>
        <Button type="submit" variant="primary" disabled={!chosenContract}>
          {text.add}
        </Button>
      </CalculatorFooter>
    </form>
  );
}

function columns(onRemove: (key: number) => void): DataColumn<Row>[] {
  const figure = (key: 'span' | 'exposure' | 'premium' | 'total', header: string): DataColumn<Row> => ({
    id: key,
    header,
    cell: (row) => groupIndian(row[key]),
    align: 'end',
  });
  return [
    { id: 'contract', header: text.columns.contract, cell: (row) => row.displaySym },
    {
      id: 'side',
      header: text.columns.side,
      cell: (row) => (
        <span className={row.side === 'buy' ? 'up' : 'down'}>{row.side === 'buy' ? text.buy : text.sell}</span>
      ),
    },
    { id: 'quantity', header: text.columns.quantity, cell: (row) => groupIndian(String(row.quantity)), align: 'end' },
    { id: 'price', header: text.columns.price, cell: (row) => groupIndian(row.price), align: 'end' },
    figure('span', text.columns.span),
    figure('exposure', text.columns.exposure),
    figure('premium', text.columns.premium),
    figure('total', text.columns.total),
    {
      id: 'actions',
      header: text.columns.actions,
      cell: (row) => (
        <Button variant="ghost" size="small" aria-label={text.remove(row.displaySym)} onClick={() => onRemove(row.key)}>
          ✕
        </Button>
      ),
      align: 'center',
    },
  ];
}

/** /home/spancalculator: the margin a set of F&O, currency and commodity positions needs, position by position. */
export function SpanCalculatorPage() {
  const titleId = useId();
  const [positions, setPositions] = useState<ListedPosition[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [loadNote, setLoadNote] = useState<string | null>(null);
  const requested = useMemo(() => positions.map(({ key: _key, ...position }) => position), [positions]);
  const margin = useSpanMargin(requested);

  const list = (added: SpanPosition[], replace: boolean) => {
    setPositions((current) => [...(replace ? [] : current), ...added.map((p, i) => ({ ...p, key: nextKey + i }))]);
    setNextKey((key) => key + added.length);
  };
  const loadMine = async () => {
    setLoadNote(null);
    try {
      const mine = await fetchSpanOfMyPositions();
      if (mine.positions.length === 0) return setLoadNote(text.noPositions);
      list(
        mine.positions
          .slice(0, SPAN_MAX_POSITIONS)
          .map(({ exchange, trSymbol, side, lots }) => ({ exchange, trSymbol, side, lots })),
        true,
      );
    } catch (error) {
      setLoadNote(error instanceof Error ? error.message : String(error));
    }
  };
  // The answer lists the positions in the order asked; while a changed list is worked out the rows wait for it.
  const answered = margin.data && margin.data.positions.length === positions.length ? margin.data : undefined;
  const rows: Row[] | undefined =
    positions.length === 0 ? [] : answered?.positions.map((row, i) => ({ ...row, key: positions[i]?.key ?? -i }));
  const total = answered?.total;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={() => void loadMine()}>
            {text.fromPositions}
          </Button>
          <Button
            variant="ghost"
            disabled={positions.length === 0}
            onClick={() => (setPositions([]), setLoadNote(null))}
          >
            {text.clear}
          </Button>
        </div>
      </header>
      <div className={styles.body}>
        <AddPosition onAdd={(position) => list([position], false)} listed={positions.length} />
        <div className={styles.wide}>
          {loadNote && (
            <p role="status" className={styles.note}>
              {loadNote}
            </p>
          )}
          <DataTable
            caption={text.title}
            columns={columns((key) => setPositions((current) => current.filter((p) => p.key !== key)))}
            rows={rows}
            rowKey={(row) => String(row.key)}
            loading={margin.isFetching}
            loadingText={text.loading}
            error={margin.isError ? margin.error.message : undefined}
            empty={text.empty}
            stickyHeader={false}
            totalRow={
              total
                ? {
                    cells: {
                      contract: text.total,
                      span: groupIndian(total.span),
                      exposure: groupIndian(total.exposure),
                      premium: groupIndian(total.premium),
                      total: <strong data-testid="span-total">{groupIndian(total.total)}</strong>,
                    },
                  }
                : undefined
            }
          />
          <p className={styles.note}>{text.note}</p>
        </div>
      </div>
    </section>
  );
}
