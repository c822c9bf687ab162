import { marketStatsText } from '@kite/domain';
import type { UseQueryResult } from '@tanstack/react-query';

/** What a statistics table takes from its query: the rows, and its loading and error states in the screens' words. */
export function tableStateOf<T>(query: UseQueryResult<T[]>) {
  return {
    rows: query.data,
    loading: query.isFetching && !query.data,
    loadingText: marketStatsText.loading,
    error: query.isError ? marketStatsText.error : undefined,
  };
}
