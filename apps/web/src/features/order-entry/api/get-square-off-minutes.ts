import { getAppConfig } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** trading.md 9: the intraday square-off note's minutes (sqrOffTimeLimit), default 20. */
export const DEFAULT_SQUARE_OFF_MINUTES = 20;

let cached: Promise<number> | null = null;

/** /App/Config's sqrOffTimeLimit, read once; any error keeps the default. */
export function fetchSquareOffMinutes(): Promise<number> {
  cached ??= callApi(getAppConfig, {}).then(
    ({ data }) => data.sqrOffTimeLimit,
    () => {
      cached = null;
      return DEFAULT_SQUARE_OFF_MINUTES;
    },
  );
  return cached;
}
