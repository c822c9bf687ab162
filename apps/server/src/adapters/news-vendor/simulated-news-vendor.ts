import { formatPercent, formatPrice, mulDivRound } from '@kite/domain';
import { istDateTime, streamRandom, type Xoshiro128 } from '@kite/exchange';
import type { WorldIndexReading } from '../world-markets/world-indices.ts';
import { percentOf, pointsOf, priceOf, readMarketFacts, rose, type MarketFacts, type Move } from './market-facts.ts';
import type { NewsFeed, NewsVendor, VendorArticle } from './news-vendor.ts';

/**
 * The simulated news wire: every half hour it files a dozen short stories across its feeds, each about what the
 * simulated market is doing at that moment (index levels, the day's biggest movers, sector swings, the rupee,
 * commodities, futures premiums, world indices). Which stories and phrasings are picked is seeded by the market seed
 * and the slot, so a slot always reads the same choices; the figures are the market's.
 */

type Draft = Omit<VendorArticle, 'vendorKey' | 'feed' | 'publishedAt'>;
/** `clock` is the slot's IST "HH:MM", `isoDay` its IST "yyyy-mm-dd". */
type Writer = (facts: MarketFacts, random: Xoshiro128, clock: string, isoDay: string) => Draft | null;

const NEUTRAL_BP = 20;

function sentimentOf(bp: number): 0 | 1 | 2 {
  if (Math.abs(bp) < NEUTRAL_BP) return 0;
  return bp > 0 ? 1 : 2;
}

const pick = <T>(random: Xoshiro128, list: readonly T[]): T | undefined =>
  list.length === 0 ? undefined : list[random.int(0, list.length - 1)];

const upDown = (bp: number, up: string, down: string) => (rose(bp) ? up : down);

const signed = (bp: number) => `${bp >= 0 ? '+' : '-'}${percentOf(bp)}`;

/** "Reliance Industries Ltd." -> "Reliance Industries". */
const shortName = (move: Move) => move.instrument.name.replace(/\s+(Ltd\.?|Limited)$/i, '');

function article(
  move: Move | null,
  fields: Omit<Draft, 'symbol' | 'companyname' | 'underlying' | 'sector'> & Partial<Draft>,
): Draft {
  return {
    symbol: move?.instrument.displaySym ?? '',
    companyname: move ? move.instrument.name : '',
    underlying: '',
    sector: move?.instrument.sector ?? '',
    ...fields,
  };
}

function breadth(facts: MarketFacts): { advances: number; declines: number } {
  return {
    advances: facts.stocks.filter((s) => s.changeBp > 0).length,
    declines: facts.stocks.filter((s) => s.changeBp < 0).length,
  };
}

const marketWrap: Writer = (facts, random, clock) => {
  const nifty = facts.indices.get('NIFTY 50');
  const sensex = facts.indices.get('SENSEX');
  const bank = facts.indices.get('NIFTY BANK');
  const vix = facts.indices.get('INDIA VIX');
  const best = facts.sectors[0];
  const worst = facts.sectors[facts.sectors.length - 1];
  if (!nifty || !sensex || !best || !worst) return null;
  const { advances, declines } = breadth(facts);
  const verb =
    Math.abs(nifty.changeBp) < NEUTRAL_BP
      ? pick(random, ['flat', 'little changed'])!
      : `${pick(random, rose(nifty.changeBp) ? ['gains', 'climbs', 'edges higher'] : ['slips', 'falls', 'edges lower'])!} ${percentOf(nifty.changeBp)}`;
  const lead = rose(nifty.changeBp) ? best : worst;
  return article(null, {
    heading:
      Math.abs(nifty.changeBp) < NEUTRAL_BP
        ? `Nifty ${verb}; ${best.sector} the best sector`
        : `Nifty ${verb}; ${lead.sector} ${upDown(lead.changeBp, 'leads', 'drags')}`,
    title: `Sensex at ${priceOf(sensex)}, ${signed(sensex.changeBp)}; advances ${advances}, declines ${declines}`,
    keyword: 'Market wrap',
    sentiment: sentimentOf(nifty.changeBp),
    description: `The Nifty 50 was ${upDown(nifty.changeBp, 'up', 'down')} ${pointsOf(nifty)} points at ${priceOf(nifty)} at ${clock} IST.`,
    arttext: [
      `At ${clock} IST the Nifty 50 stood at ${priceOf(nifty)}, ${upDown(nifty.changeBp, 'up', 'down')} ${pointsOf(nifty)} points or ${percentOf(nifty.changeBp)} on the day, while the Sensex was ${upDown(sensex.changeBp, 'higher', 'lower')} by ${percentOf(sensex.changeBp)} at ${priceOf(sensex)}.`,
      bank
        ? `The Nifty Bank index was ${upDown(bank.changeBp, 'up', 'down')} ${percentOf(bank.changeBp)} at ${priceOf(bank)}.`
        : '',
      `Market breadth was ${advances >= declines ? 'positive' : 'negative'}: ${advances} shares advanced and ${declines} declined on the NSE.`,
      `${best.sector} was the best performing sector (${signed(best.changeBp)}), led by ${shortName(best.leader)}; ${worst.sector} was the weakest (${signed(worst.changeBp)}).`,
      vix
        ? `India VIX, the fear gauge, was ${upDown(vix.changeBp, 'up', 'down')} ${percentOf(vix.changeBp)} at ${priceOf(vix)}.`
        : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
  });
};

function stockStory(move: Move, clock: string, keyword: string): Draft {
  const bp = move.changeBp;
  const big = Math.abs(bp) >= 200;
  const verb = rose(bp) ? (big ? 'jumps' : 'rises') : big ? 'slides' : 'slips';
  return article(move, {
    heading:
      Math.abs(bp) < NEUTRAL_BP ? `${shortName(move)} trades flat` : `${shortName(move)} ${verb} ${percentOf(bp)}`,
    title: `${move.instrument.displaySym} at Rs ${priceOf(move)} at ${clock} IST`,
    keyword,
    sentiment: sentimentOf(bp),
    description: `Shares of ${move.instrument.name} were ${upDown(bp, 'up', 'down')} Rs ${pointsOf(move)} at Rs ${priceOf(move)}.`,
    arttext: [
      `Shares of ${move.instrument.name} were trading at Rs ${priceOf(move)} on the NSE at ${clock} IST, ${upDown(bp, 'up', 'down')} Rs ${pointsOf(move)} or ${percentOf(bp)} from the previous close of Rs ${formatPrice(move.close, move.instrument.priceDecimals)}.`,
      move.instrument.sector ? `The company belongs to the ${move.instrument.sector} sector.` : '',
      move.instrument.indices.length > 0
        ? `The stock is a constituent of ${move.instrument.indices.join(' and ')}.`
        : '',
      rose(bp)
        ? 'Traders said buying interest picked up through the session with volumes above the recent average.'
        : 'Traders said the stock saw profit booking with selling visible at higher levels.',
    ]
      .filter(Boolean)
      .join('\n\n'),
  });
}

/** The half-hour slot of the day an "HH:MM" clock falls in (0 to 47). */
const slotOfDay = (clock: string) => Number(clock.slice(0, 2)) * 2 + (Number(clock.slice(3, 5)) >= 30 ? 1 : 0);

const stockInFocus: Writer = (facts, _random, clock) => {
  // The day's five largest rises and falls take turns, so consecutive slots focus on different stocks.
  const movers = [...facts.stocks.slice(0, 5), ...facts.stocks.slice(-5)];
  const move = movers[slotOfDay(clock) % Math.max(1, movers.length)];
  return move ? stockStory(move, clock, 'Stock in focus') : null;
};

const trendingStock: Writer = (facts, random, clock) => {
  const movers = [...facts.stocks.slice(0, 10), ...facts.stocks.slice(-10)];
  const move = pick(random, movers);
  return move ? stockStory(move, clock, rose(move.changeBp) ? 'Top gainer' : 'Top loser') : null;
};

const worldMarkets: Writer = (facts, _random, clock) => {
  // Continents take turns by slot, so consecutive stories are about different markets.
  const all = [...new Set(facts.world.map((r) => r.def.continent))];
  const continent = all[slotOfDay(clock) % Math.max(1, all.length)];
  const readings = facts.world.filter((r) => r.def.continent === continent);
  if (!continent || readings.length === 0) return null;
  const change = (r: WorldIndexReading) => mulDivRound(r.level - r.previousClose, 10_000, r.previousClose);
  const ups = readings.filter((r) => change(r) >= 0).length;
  const tone = ups === readings.length ? 'higher' : ups === 0 ? 'lower' : 'mixed';
  const first = readings[0]!;
  const lines = readings.map(
    (r) =>
      `${r.def.indexName} (${r.def.country}) ${r.open ? 'is' : 'closed'} ${upDown(change(r), 'up', 'down')} ${percentOf(change(r))} at ${formatPrice(r.level, 2)}.`,
  );
  const adjective =
    continent === 'North America'
      ? 'US'
      : continent === 'Asia'
        ? 'Asian'
        : continent === 'Europe'
          ? 'European'
          : continent;
  return article(null, {
    heading: `${adjective} markets ${readings.some((r) => r.open) ? 'trade' : 'end'} ${tone}; ${first.def.indexName} ${signed(change(first))}`,
    title: `${ups} of ${readings.length} ${continent} indices in the green`,
    keyword: 'World markets',
    sentiment: tone === 'higher' ? 1 : tone === 'lower' ? 2 : 0,
    description: lines[0]!,
    arttext: [
      `Overseas markets as of ${clock} IST:`,
      ...lines,
      'Domestic traders track global cues for the direction of foreign fund flows.',
    ].join('\n\n'),
  });
};

const economy: Writer = (facts, random, clock) => {
  const usd = facts.currencies.find((c) => c.instrument.symbol === 'USDINR');
  const crude = facts.commodities.find((c) => c.instrument.symbol === 'CRUDEOIL');
  const gold = facts.commodities.find((c) => c.instrument.symbol === 'GOLD');
  if (!usd) return null;
  // The rupee strengthens when USDINR falls.
  const rupeeBp = -usd.changeBp;
  const topic = random.int(0, 1);
  if (topic === 0 || !crude) {
    return article(null, {
      heading: `Rupee ${upDown(rupeeBp, 'strengthens', 'weakens')} to ${priceOf(usd)} against the US dollar`,
      title: `USDINR ${signed(usd.changeBp)} at ${clock} IST`,
      keyword: 'Rupee',
      sentiment: sentimentOf(rupeeBp),
      description: `The rupee was quoted at ${priceOf(usd)} per dollar, ${upDown(rupeeBp, 'firmer', 'weaker')} by ${percentOf(usd.changeBp)}.`,
      arttext: [
        `The Indian rupee was at ${priceOf(usd)} against the US dollar at ${clock} IST, compared with ${formatPrice(usd.close, 4)} at the previous close.`,
        crude
          ? `Crude oil futures on the MCX were ${upDown(crude.changeBp, 'up', 'down')} ${percentOf(crude.changeBp)} at Rs ${priceOf(crude)} a barrel; India imports most of its crude, so oil prices weigh on the currency.`
          : '',
        'Dealers said importer demand for dollars and foreign fund flows would set the tone for the rest of the day.',
      ]
        .filter(Boolean)
        .join('\n\n'),
    });
  }
  return article(null, {
    heading:
      Math.abs(crude.changeBp) < NEUTRAL_BP
        ? `Crude steady at Rs ${priceOf(crude)}; import bill in focus`
        : `Crude ${upDown(crude.changeBp, 'rises', 'eases')} ${percentOf(crude.changeBp)}; import bill in focus`,
    title: `MCX crude at Rs ${priceOf(crude)}, rupee at ${priceOf(usd)}`,
    keyword: 'Economy',
    sentiment: sentimentOf(-crude.changeBp),
    description: `Oil prices ${upDown(crude.changeBp, 'rose', 'fell')} ${percentOf(crude.changeBp)}, ${upDown(crude.changeBp, 'adding to', 'easing')} pressure on India's trade deficit.`,
    arttext: [
      `Crude oil futures traded at Rs ${priceOf(crude)} a barrel on the MCX at ${clock} IST, ${upDown(crude.changeBp, 'up', 'down')} ${percentOf(crude.changeBp)} on the day.`,
      `Higher oil prices widen India's import bill and feed into inflation; the rupee was at ${priceOf(usd)} to the dollar.`,
      gold
        ? `Gold, another large import, was ${upDown(gold.changeBp, 'up', 'down')} ${percentOf(gold.changeBp)} at Rs ${priceOf(gold)} per 10 grams.`
        : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
  });
};

/** The last quarter of the Indian financial year (April to March) that has ended by `isoDay`: "Q2 FY27" in November 2026. */
export function lastQuarter(isoDay: string): string {
  const year = Number(isoDay.slice(0, 4));
  const month = Number(isoDay.slice(5, 7));
  const [quarter, fyEnd] = month <= 3 ? [3, year] : month <= 6 ? [4, year] : month <= 9 ? [1, year + 1] : [2, year + 1];
  return `Q${quarter} FY${String(fyEnd % 100).padStart(2, '0')}`;
}

const corporateResults: Writer = (facts, random, _clock, isoDay) => {
  const move = pick(random, facts.stocks);
  if (!move) return null;
  const profitBp = random.int(-1500, 3500);
  const revenueBp = random.int(-500, 2500);
  const quarter = lastQuarter(isoDay);
  return article(move, {
    heading: `${shortName(move)} ${quarter} net profit ${upDown(profitBp, 'rises', 'falls')} ${formatPercent(Math.abs(profitBp))}% YoY`,
    title: `Revenue ${upDown(revenueBp, 'up', 'down')} ${formatPercent(Math.abs(revenueBp))}%; stock ${signed(move.changeBp)}`,
    keyword: 'Results',
    sentiment: sentimentOf(profitBp),
    description: `${move.instrument.name} reported a ${formatPercent(Math.abs(profitBp))}% ${upDown(profitBp, 'rise', 'fall')} in consolidated net profit for ${quarter}.`,
    arttext: [
      `${move.instrument.name} reported consolidated net profit ${upDown(profitBp, 'up', 'down')} ${formatPercent(Math.abs(profitBp))}% year on year for ${quarter}, on revenue from operations ${upDown(revenueBp, 'up', 'down')} ${formatPercent(Math.abs(revenueBp))}%.`,
      `The shares were at Rs ${priceOf(move)} on the NSE, ${upDown(move.changeBp, 'up', 'down')} ${percentOf(move.changeBp)} on the day.`,
      'Management said it remained watchful of input costs and demand trends for the coming quarters.',
    ].join('\n\n'),
  });
};

const currency: Writer = (facts, random, clock) => {
  const move = pick(random, facts.currencies);
  if (!move) return null;
  const pair = move.instrument.symbol;
  const foreign = pair.slice(0, 3);
  return article(move, {
    heading: `${pair} ${upDown(move.changeBp, 'rises', 'falls')} to ${priceOf(move)}; rupee ${upDown(-move.changeBp, 'gains', 'loses')} against the ${foreign}`,
    title: `${pair} ${signed(move.changeBp)} at ${clock} IST`,
    keyword: 'Currency',
    sentiment: sentimentOf(-move.changeBp),
    description: `The ${pair} reference rate was ${priceOf(move)}, ${upDown(move.changeBp, 'up', 'down')} ${percentOf(move.changeBp)}.`,
    arttext: [
      `${pair} was at ${priceOf(move)} at ${clock} IST against ${formatPrice(move.close, 4)} at the previous close, a ${upDown(move.changeBp, 'rise', 'fall')} of ${percentOf(move.changeBp)}.`,
      `Currency futures on the NSE's CDS segment tracked the move; dealers expect the rupee to trade in a narrow range against the ${foreign}.`,
    ].join('\n\n'),
  });
};

const commodity: Writer = (facts, random, clock) => {
  const move = pick(random, facts.commodities);
  if (!move) return null;
  return article(move, {
    heading: `${move.instrument.name} ${upDown(move.changeBp, 'gains', 'drops')} ${percentOf(move.changeBp)} on MCX`,
    title: `${move.instrument.symbol} at Rs ${priceOf(move)} at ${clock} IST`,
    keyword: 'Commodity',
    sentiment: sentimentOf(move.changeBp),
    description: `${move.instrument.name} was ${upDown(move.changeBp, 'up', 'down')} Rs ${pointsOf(move)} at Rs ${priceOf(move)}.`,
    arttext: [
      `${move.instrument.name} traded at Rs ${priceOf(move)} on the MCX at ${clock} IST, ${upDown(move.changeBp, 'up', 'down')} ${percentOf(move.changeBp)} from the previous close.`,
      'Traders pointed to overseas prices and the rupee for the direction of domestic commodity futures.',
    ].join('\n\n'),
  });
};

const sector: Writer = (facts, random, clock) => {
  const s = pick(random, facts.sectors);
  if (!s) return null;
  return article(null, {
    sector: s.sector,
    symbol: s.leader.instrument.displaySym,
    companyname: s.leader.instrument.name,
    heading: `${s.sector} stocks ${upDown(s.changeBp, 'rise', 'fall')} ${percentOf(s.changeBp)} on average; ${shortName(s.leader)} tops`,
    title: `${shortName(s.leader)} ${signed(s.leader.changeBp)}, ${shortName(s.laggard)} ${signed(s.laggard.changeBp)}`,
    keyword: s.sector,
    sentiment: sentimentOf(s.changeBp),
    description: `The ${s.sector} pack moved ${signed(s.changeBp)} on average by ${clock} IST.`,
    arttext: [
      `Shares in the ${s.sector} sector moved ${signed(s.changeBp)} on average at ${clock} IST.`,
      `${s.leader.instrument.name} was the best of the pack at Rs ${priceOf(s.leader)} (${signed(s.leader.changeBp)}), while ${s.laggard.instrument.name} was the weakest at Rs ${priceOf(s.laggard)} (${signed(s.laggard.changeBp)}).`,
    ].join('\n\n'),
  });
};

const derivative: Writer = (facts, random, clock) => {
  const indexFutures = facts.futures.filter((f) => f.instrument.instr === 'FUTIDX');
  const stockFutures = facts.futures.filter((f) => f.instrument.instr === 'FUTSTK');
  const future = random.int(0, 1) === 0 ? pick(random, indexFutures) : pick(random, stockFutures);
  if (!future) return null;
  const spot =
    future.instrument.instr === 'FUTIDX'
      ? [...facts.indices.values()].find((i) => i.instrument.symbol === future.instrument.symbol)
      : facts.stocks.find((s) => s.instrument.symbol === future.instrument.symbol);
  const basis = spot ? future.last - spot.last : null;
  return article(future, {
    underlying: future.instrument.symbol,
    companyname: future.instrument.name,
    heading: `${future.instrument.displaySym} ${upDown(future.changeBp, 'up', 'down')} ${percentOf(future.changeBp)}${basis === null ? '' : `; ${basis >= 0 ? 'premium' : 'discount'} of ${formatPrice(Math.abs(basis), 2)} to spot`}`,
    title: `F&O: ${future.instrument.symbol} futures at ${priceOf(future)} at ${clock} IST`,
    keyword: 'F&O',
    sentiment: sentimentOf(future.changeBp),
    description: `${future.instrument.displaySym} traded at ${priceOf(future)}, ${upDown(future.changeBp, 'up', 'down')} ${pointsOf(future)}.`,
    arttext: [
      `${future.instrument.displaySym} (expiry ${future.instrument.expiry}) was at ${priceOf(future)} at ${clock} IST, ${upDown(future.changeBp, 'up', 'down')} ${percentOf(future.changeBp)} on the day.`,
      spot && basis !== null
        ? `The underlying was at ${priceOf(spot)}, putting the future at a ${basis >= 0 ? 'premium' : 'discount'} of ${formatPrice(Math.abs(basis), 2)}; a ${basis >= 0 ? 'premium' : 'discount'} points to ${basis >= 0 ? 'long positions being carried' : 'short build-up'}.`
        : '',
      `Lot size: ${future.instrument.lot}.`,
    ]
      .filter(Boolean)
      .join('\n\n'),
  });
};

/**
 * What each slot files, in order (the index in the list is part of the article's key). Market-wide stories (the
 * wrap, the rupee and crude) read the same figures in every slot caught up at once, so only a slot written on time
 * files them; the other stories pick their subject per slot.
 */
const slotPlan: readonly { feed: NewsFeed; write: Writer; marketWide?: true }[] = [
  { feed: 'hot-pursuit', write: marketWrap, marketWide: true },
  { feed: 'hot-pursuit', write: stockInFocus },
  { feed: 'foreign-markets', write: worldMarkets },
  { feed: 'economy-news', write: economy, marketWide: true },
  { feed: 'corporate-results', write: corporateResults },
  { feed: 'stock', write: trendingStock },
  { feed: 'stock', write: trendingStock },
  { feed: 'currency', write: currency },
  { feed: 'commodity', write: commodity },
  { feed: 'sector', write: sector },
  { feed: 'derivative', write: derivative },
];

export function createSimulatedNewsVendor(seed: number): NewsVendor {
  return {
    slotMinutes: 30,
    publish(slotStart, market, world, catchingUp): VendorArticle[] {
      const facts = readMarketFacts(market, world);
      const clock = istDateTime(slotStart).slice(11, 16);
      return slotPlan.flatMap(({ feed, write, marketWide }, n) => {
        if (catchingUp && marketWide) return [];
        const random = streamRandom(seed, `news:${slotStart}:${n}`);
        const draft = write(facts, random, clock, istDateTime(slotStart).slice(0, 10));
        // Minutes apart inside the slot, so a list reads in the order filed.
        return draft ? [{ ...draft, vendorKey: `${slotStart}:${n}`, feed, publishedAt: slotStart + n * 60_000 }] : [];
      });
    },
  };
}
