import {
  calculateSpan,
  calculateSpanFromPositions,
  getSpanContracts,
  getSpanExpiries,
  getSpanInstruments,
  getSpanSymbols,
  type SpanInstrument,
  type SpanPosition,
  type SpanResult,
} from '@kite/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

type SpanExchange = SpanPosition['exchange'];

/** The market's lists change only at a new trading day: kept for the visit. */
const LISTS_STALE_MS = 10 * 60_000;

export function useSpanInstruments() {
  return useQuery({
    queryKey: ['span', 'instruments'],
    queryFn: async ({ signal }) => (await callApi(getSpanInstruments, {}, { signal })).data.instruments,
    staleTime: LISTS_STALE_MS,
  });
}

/** An instrument type of an exchange, as /Span/GetInstruments lists them. */
export interface SpanKind {
  exchange: SpanExchange;
  instrument: SpanInstrument;
}

function needs<T>(value: T | null): T {
  if (value === null) throw new Error('The list above is not chosen yet');
  return value;
}

export function useSpanSymbols(kind: SpanKind | null) {
  return useQuery({
    queryKey: ['span', 'symbols', kind],
    queryFn: async ({ signal }) => (await callApi(getSpanSymbols, needs(kind), { signal })).data.symbols,
    enabled: kind !== null,
    staleTime: LISTS_STALE_MS,
  });
}

export function useSpanExpiries(kind: SpanKind | null, symbol: string) {
  return useQuery({
    queryKey: ['span', 'expiries', kind, symbol],
    queryFn: async ({ signal }) =>
      (await callApi(getSpanExpiries, { ...needs(kind), symbol }, { signal })).data.expiries,
    enabled: kind !== null && symbol !== '',
    staleTime: LISTS_STALE_MS,
  });
}

export function useSpanContracts(kind: SpanKind | null, symbol: string, expiry: string) {
  return useQuery({
    queryKey: ['span', 'contracts', kind, symbol, expiry],
    queryFn: async ({ signal }) =>
      (await callApi(getSpanContracts, { ...needs(kind), symbol, expiry }, { signal })).data.contracts,
    enabled: kind !== null && symbol !== '' && expiry !== '',
    staleTime: LISTS_STALE_MS,
  });
}

/** The margin of the positions listed; the previous answer stays shown while a changed list is worked out. */
export function useSpanMargin(positions: readonly SpanPosition[]) {
  return useQuery({
    queryKey: ['span', 'margin', positions],
    queryFn: async ({ signal }): Promise<SpanResult> =>
      (await callApi(calculateSpan, { positions: [...positions] }, { signal })).data,
    enabled: positions.length > 0,
    placeholderData: keepPreviousData,
  });
}

export async function fetchSpanOfMyPositions(): Promise<SpanResult> {
  return (await callApi(calculateSpanFromPositions, {})).data;
}
