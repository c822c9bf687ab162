import { dashDate, formatScaled, mulDivRound, ok, type Result, type WorldMarketGroup } from '@kite/domain';
import { istDateTime } from '@kite/exchange';
import type { WorldMarketsFeed } from '../../adapters/world-markets/world-indices.ts';

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
          LUpdatedTime: dashDate(istDateTime(r.asOf)),
        });
      }
      return ok({ indices: groups });
    },
  };
}
