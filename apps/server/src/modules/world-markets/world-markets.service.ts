import { formatScaled, mulDivRound, ok, type Result, type WorldMarketGroup } from '@kite/domain';
import { istDateTime } from '@kite/exchange';
import type { WorldMarketsFeed } from '../../adapters/world-markets/world-indices.ts';

/** "2026-11-27 14:05:09" -> "27-11-2026 14:05:09". */
const dayFirst = (iso: string) => `${iso.slice(0, 10).split('-').reverse().join('-')}${iso.slice(10)}`;

/** /Market/WorldIndices: the feed's readings now, grouped by continent in the feed's order. */
export function worldMarketsService(deps: { feed: WorldMarketsFeed; now: () => number }) {
  return {
    indices(): Result<{ indices: WorldMarketGroup[] }> {
      const groups: WorldMarketGroup[] = [];
      for (const r of deps.feed.readings(deps.now())) {
        let group = groups.find((g) => g.continentName === r.def.continent);
        if (!group) groups.push((group = { continentName: r.def.continent, indices: [] }));
        group.indices.push({
          indexName: r.def.indexName,
          country: r.def.country,
          ltp: formatScaled(r.level, 2),
          chng: formatScaled(r.level - r.previousClose, 2),
          chngPer: formatScaled(mulDivRound(r.level - r.previousClose, 10_000, r.previousClose), 2),
          LUpdatedTime: dayFirst(istDateTime(r.asOf)),
        });
      }
      return ok({ indices: groups });
    },
  };
}
