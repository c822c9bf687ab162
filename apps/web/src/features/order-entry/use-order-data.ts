import { priceDecimalsOf, type OrderForm, type PriceUnits } from '@kite/domain';
import { useEffect, useRef, useState } from 'react';
import { fetchQuote, type QuoteAnswer } from '../market-data/get-quote.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { fetchRequiredMargin } from './api/check-margin.ts';
import { fetchCoverTriggerRange } from './api/get-cover-trigger-range.ts';
import { fetchHoldingsBySymbol, type SymbolHoldings } from './api/get-holdings-by-symbol.ts';
import { parseRange, requiredMarginPayload } from './order-payloads.ts';

export type Loaded<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ok'; data: T };

export const messageOf = (error: unknown, fallback = 'Something went wrong'): string =>
  error instanceof Error && error.message ? error.message : fallback;

function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, version = 0): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'idle' });
  // A new version of the same key is a refresh in the background: the answer shown stays until the new one arrives.
  const shownKey = useRef<string | null>(null);
  useEffect(() => {
    if (key === null) {
      shownKey.current = null;
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const refresh = shownKey.current === key;
    if (!refresh) setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        shownKey.current = key;
        setState({ status: 'ok', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !refresh) setState({ status: 'error', message: messageOf(error) });
      },
    );
    return () => controller.abort();
  }, [key, version]);
  return state;
}

const scripKey = (scrip: ScripRef | null) => (scrip ? `${scrip.sym.exc}|${scrip.sym.id}|${scrip.sym.xSym}` : null);

/**
 * The quote (re-fetched when the sell source changes, trading.md 4.1) and the symbol's holdings, on open and again
 * in the background for each new `holdingsVersion` (an e-DIS approval given on the depository page, 4.2).
 */
export function useQuoteAndHoldings(scrip: ScripRef | null, quoteVersion: number, holdingsVersion = 0) {
  const key = scripKey(scrip);
  const quote = useLoad<QuoteAnswer>(key === null ? null : `${key}#${quoteVersion}`, (signal) =>
    fetchQuote((scrip as ScripRef).sym, signal),
  );
  const holdings = useLoad<SymbolHoldings>(key, (signal) => fetchHoldingsBySymbol((scrip as ScripRef).sym, signal), holdingsVersion);
  return { quote, holdings };
}

/** Cover orders fetch their trigger range; on error the daily price range is used silently (trading.md 8). */
export function useCoverRange(scrip: ScripRef | null, form: OrderForm): { low: PriceUnits; high: PriceUnits } | null {
  const [range, setRange] = useState<{ low: PriceUnits; high: PriceUnits } | null>(null);
  const active = scrip !== null && form.advanceType === 'COVER';
  const key = active ? `${scripKey(scrip)}|${form.action}` : null;
  useEffect(() => {
    setRange(null);
    if (key === null || scrip === null) return;
    let live = true;
    fetchCoverTriggerRange(scrip.sym, form.action).then(
      (text) => {
        if (live) setRange(parseRange(text, priceDecimalsOf(scrip.sym.instr, scrip.sym.exc)));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [key]);
  return range;
}

const MARGIN_DEBOUNCE_MS = 300;

/** The Required Margin line (requiredMarginPayload says when it asks); an error only stops the progress indicator (8). */
export function useRequiredMargin(scrip: ScripRef | null, form: OrderForm): { value: string | null; busy: boolean } {
  const [value, setValue] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const payload = scrip === null ? null : requiredMarginPayload(form, scrip);
  const key = payload === null || scrip === null ? null : [scripKey(scrip), JSON.stringify({ ...payload, sym: null })].join('|');
  useEffect(() => {
    if (key === null || payload === null) {
      setValue(null);
      setBusy(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setBusy(true);
      fetchRequiredMargin(payload, controller.signal).then(
        (margin) => {
          if (controller.signal.aborted) return;
          setValue(margin);
          setBusy(false);
        },
        () => {
          if (!controller.signal.aborted) setBusy(false);
        },
      );
    }, MARGIN_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return { value, busy };
}
