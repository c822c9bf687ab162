import {
  ok,
  reject,
  tradingText,
  type getOptionChain,
  type OptionChainLeg,
  type OptionChainRow,
  type ResponseData,
  type Result,
} from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import { changeText, priceText } from '../../services/market-runtime/price-text.ts';
import { streamSymOf } from '../../services/market-runtime/instrument-ref.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';

export type OptionChain = ResponseData<typeof getOptionChain>;

/** Links followed up from a contract: an option on a future on a spot reference is the deepest the market lists. */
const MAX_DEPTH = 4;

/** The instrument everything else derives from: an index, a stock, or a currency's or commodity's spot reference. */
export function rootOf(market: Market, instrument: Instrument): Instrument {
  let root = instrument;
  for (let depth = 0; depth < MAX_DEPTH && root.underlying; depth++) {
    const up = market.registry.byId(root.underlying);
    if (!up) break;
    root = up;
  }
  return root;
}

/** Every option derived from the root, directly (index and stock options) or through a future (commodity options). */
export function optionsUnder(market: Market, root: Instrument): Instrument[] {
  const options: Instrument[] = [];
  let level: readonly Instrument[] = [root];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const next: Instrument[] = [];
    for (const parent of level) {
      for (const child of market.registry.derivativesOf(parent.id)) {
        if (child.assetClass === 'OPTION') {
          if (child.expiry !== null && child.strike !== null) options.push(child);
        } else next.push(child);
      }
    }
    level = next;
  }
  return options;
}

/** Read without starting the contract's book: snapshot and open interest leave a contract nobody watches alone. */
function legOf(market: Market, option: Instrument | undefined): OptionChainLeg | null {
  const snap = option && market.snapshot(option.id);
  if (!option || !snap) return null;
  const oi = market.openInterest(option.id);
  return {
    sym: symbolObjectOf(option),
    displaySym: option.displaySym,
    companyName: option.name,
    streamSym: streamSymOf(option),
    ltp: priceText(snap.lastPrice, snap.priceDecimals),
    ...changeText(snap.lastPrice, snap.close, snap.priceDecimals),
    openInterest: oi?.value ?? 0,
    oiChange: oi ? oi.value - oi.dayStart : 0,
    vol: oi?.volume ?? 0,
  };
}

/** The strike nearest the price (the lower of two as near), or null for no strikes; strikes come ascending. */
export function atmStrike(strikes: readonly number[], lastPrice: number): number | null {
  let best: number | null = null;
  for (const strike of strikes) {
    if (best === null || Math.abs(strike - lastPrice) < Math.abs(best - lastPrice)) best = strike;
  }
  return best;
}

/**
 * The option chain of the instrument's root underlying for an expiry (the nearest with options when none is given):
 * the expiry's calls and puts by strike, ascending, with the at-the-money strike marked. Strikes and the underlying's
 * price are the same integer price units (both of the underlying's decimals), so the nearest strike is found exactly.
 */
export function buildOptionChain(market: Market, instrument: Instrument, expiry?: string): Result<OptionChain> {
  const root = rootOf(market, instrument);
  const options = optionsUnder(market, root);
  if (options.length === 0) return reject('MKT006', tradingText.optionChainNone(root.displaySym));
  const expiries = [...new Set(options.map((o) => o.expiry!))].sort();
  const chosen = expiry ?? expiries[0]!;
  const ofExpiry = options.filter((o) => o.expiry === chosen);
  if (ofExpiry.length === 0) return reject('MKT006', tradingText.optionChainNoExpiry(root.displaySym, chosen));

  // An expiry's options are all written on one instrument: the root, or for commodities the future they settle into.
  const underlying = market.registry.byId(ofExpiry[0]!.underlying!) ?? root;
  const spot = market.snapshot(underlying.id);
  const lastPrice = spot?.lastPrice ?? underlying.referencePrice;
  const close = spot?.close ?? underlying.referencePrice;
  const d = underlying.priceDecimals;

  const byStrike = new Map<number, { call?: Instrument; put?: Instrument }>();
  for (const option of ofExpiry) {
    const row = byStrike.get(option.strike!) ?? {};
    if (option.optType === 'CE') row.call = option;
    else row.put = option;
    byStrike.set(option.strike!, row);
  }
  const strikes = [...byStrike.keys()].sort((a, b) => a - b);
  const atm = atmStrike(strikes, lastPrice);
  const rows: OptionChainRow[] = strikes.map((strike) => {
    const { call, put } = byStrike.get(strike)!;
    const decimals = (call ?? put)!.priceDecimals;
    return {
      strike: priceText(strike, decimals),
      atm: strike === atm,
      call: legOf(market, call),
      put: legOf(market, put),
    };
  });

  return ok({
    underlying: {
      sym: symbolObjectOf(underlying),
      displaySym: underlying.displaySym,
      ltp: priceText(lastPrice, d),
      ...changeText(lastPrice, close, d),
    },
    expiries,
    expiry: chosen,
    strikes: rows,
  });
}
