import { symbolSearch, type SearchResult } from '@kite/domain';
import { useEffect, useState } from 'react';
import { callApi } from '../../lib/api/client.ts';

export type SearchTab = 'equity' | 'fno' | 'index' | 'currency' | 'commodity';
export type AssetClassButton = 'FUTURE' | 'OPTION' | 'SPREAD' | 'SPOT';

export interface SymbolSearchParams {
  text: string;
  tab: SearchTab;
  /** The Future/Option/Spread/Spot button of a non-equity tab; none on Equity. */
  assetClass: AssetClassButton | null;
}

/** /Trade/SymbolSearch (trading.md 7): tab in lower case, the button as an assetClass filter. */
export async function searchSymbols(params: SymbolSearchParams, signal?: AbortSignal): Promise<SearchResult[]> {
  const { data } = await callApi(
    symbolSearch,
    {
      search: params.text,
      tab: params.tab,
      filters: params.assetClass ? [{ name: 'assetClass', value: params.assetClass }] : [],
      sorting: [],
    },
    signal ? { signal } : {},
  );
  return data.searchResults;
}

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; results: SearchResult[] };

/**
 * Runs the search only when `enabled` (the length rule of trading.md 5.2 decides); a newer search aborts the older
 * one so a late answer never replaces a newer list. Plain state rather than a query cache: the header mounts it
 * outside any provider and results are short-lived.
 */
export function useSymbolSearch(params: SymbolSearchParams, enabled: boolean): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const { text, tab, assetClass } = params;
  useEffect(() => {
    if (!enabled) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    searchSymbols({ text, tab, assetClass }, controller.signal).then(
      (results) => {
        if (!controller.signal.aborted) setState({ status: 'done', results });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: error instanceof Error && error.message ? error.message : 'Something went wrong' });
      },
    );
    return () => controller.abort();
  }, [text, tab, assetClass, enabled]);
  return state;
}
