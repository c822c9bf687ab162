import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionChainLeg, OptionChainRow, Quote, SymbolObject } from '@kite/domain';
import type { Instrument } from '@kite/exchange';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { contractsOf, nearestContract } from '../../test/contracts.ts';
import { FrozenClock } from '../../test/frozen-clock.ts';
import type { TestApp } from '../../test/harness.ts';

type Chain = {
  underlying: { sym: SymbolObject; displaySym: string; ltp: string; chng: string; chngPer: string };
  expiries: string[];
  expiry: string;
  strikes: OptionChainRow[];
};

/** A decimal string with 2 decimals as integer price units, without floating point. */
const units = (text: string): number => {
  const [whole, fraction = ''] = text.split('.');
  expect(fraction).toHaveLength(2);
  return Number(`${whole}${fraction}`);
};

describe('/Market/GetOptionChain against PostgreSQL', () => {
  let t: TestApp;
  let cookie: string;
  let nifty: Instrument;
  const market = () => t.app.marketRuntime.market;
  const simulatedCount = () =>
    market()
      .registry.all()
      .filter((i) => market().isSimulated(i.id)).length;
  const chainOf = async (data: unknown): Promise<Chain> => {
    const answer = await t.call<Chain>('/Market/GetOptionChain', data, { cookie });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data;
  };
  const legs = (chain: Chain): OptionChainLeg[] => chain.strikes.flatMap((r) => [r.call, r.put].filter((l) => !!l));

  beforeAll(async () => {
    // Frozen: open interest moves with each minute, and the chain is compared with quotes read after it.
    t = await createSeededApp({ MARKET_SIM: 'off' }, new FrozenClock());
    cookie = await signIn(t, 'DEMO1');
    const future = nearestContract(market(), 'NFO', 'NIFTY', 'FUTIDX');
    nifty = market().registry.byId(future.underlying!)!;
  });
  afterAll(() => t.close());

  it("answers NIFTY's nearest chain by strike, calls and puts of that expiry, without starting any book", async () => {
    const before = simulatedCount();
    const chain = await chainOf({ sym: symbolObjectOf(nifty) });
    expect(simulatedCount()).toBe(before);

    const listed = contractsOf(market(), 'NFO', 'NIFTY', 'OPTIDX');
    const expiries = [...new Set(listed.map((o) => o.expiry!))].sort();
    expect(chain.expiries).toEqual(expiries);
    expect(chain.expiries.length).toBeGreaterThan(2);
    expect(chain.expiry).toBe(expiries[0]);
    expect(chain.underlying.sym.id).toBe(nifty.id);
    expect(chain.underlying.displaySym).toBe(nifty.displaySym);
    expect(chain.underlying.ltp).toMatch(/^\d+\.\d{2}$/);

    const strikes = chain.strikes.map((r) => units(r.strike));
    expect(strikes.length).toBeGreaterThan(20);
    expect(strikes).toEqual([...strikes].sort((a, b) => a - b));
    expect(new Set(strikes).size).toBe(strikes.length);
    const ofExpiry = listed.filter((o) => o.expiry === chain.expiry);
    expect(legs(chain)).toHaveLength(ofExpiry.length);
    for (const row of chain.strikes) {
      for (const [leg, optType] of [
        [row.call, 'CE'],
        [row.put, 'PE'],
      ] as const) {
        expect(leg, `${row.strike} ${optType}`).not.toBeNull();
        expect(leg!.sym).toMatchObject({
          exc: 'NFO',
          instr: 'OPTIDX',
          optType,
          expiry: chain.expiry,
          strike: row.strike,
        });
        expect(leg!.displaySym).toMatch(new RegExp(`^NIFTY .* ${optType}$`));
        const option = market().registry.byId(leg!.sym.id)!;
        expect(option.underlying).toBe(nifty.id);
        // What opening the leg's own scrip page needs: its name and its key on the older feed (trading.md 4.9).
        expect([leg!.companyName, leg!.streamSym]).toEqual([option.name, option.trSymbol]);
        expect(leg!.ltp).toMatch(/^\d+\.\d{2}$/);
        expect(leg!.openInterest).toBeGreaterThan(0);
        expect(leg!.vol).toBeGreaterThanOrEqual(0);
        expect(market().isSimulated(leg!.sym.id)).toBe(false);
      }
    }
  });

  it('marks the strike nearest the underlying price at the money, the same as the index quote has it', async () => {
    const chain = await chainOf({ sym: symbolObjectOf(nifty) });
    const price = units(chain.underlying.ltp);
    const atm = chain.strikes.filter((r) => r.atm);
    expect(atm).toHaveLength(1);
    const distance = (r: OptionChainRow) => Math.abs(units(r.strike) - price);
    expect(Math.min(...chain.strikes.map(distance))).toBe(distance(atm[0]!));
    // Deep in the money calls are worth more than the at-the-money call, and deep out of the money calls less.
    const call = (r: OptionChainRow) => units(r.call!.ltp);
    expect(call(chain.strikes[0]!)).toBeGreaterThan(call(atm[0]!));
    expect(call(chain.strikes.at(-1)!)).toBeLessThan(call(atm[0]!));
    const quote = await t.call<{ quote: Quote }>('/Market/GetQuote', { sym: symbolObjectOf(nifty) }, { cookie });
    expect(quote.data.quote.ltp).toBe(chain.underlying.ltp);
  });

  it('answers the same chain by one of its options or its future, and a later expiry when named', async () => {
    const byIndex = await chainOf({ sym: symbolObjectOf(nifty) });
    const farOption = contractsOf(market(), 'NFO', 'NIFTY', 'OPTIDX').at(-1)!;
    expect(farOption.expiry).not.toBe(byIndex.expiry);
    expect(await chainOf({ sym: symbolObjectOf(farOption) })).toEqual(byIndex);
    expect(await chainOf({ sym: symbolObjectOf(nearestContract(market(), 'NFO', 'NIFTY', 'FUTIDX')) })).toEqual(
      byIndex,
    );

    const later = byIndex.expiries[2]!;
    const chain = await chainOf({ sym: symbolObjectOf(farOption), expiry: later });
    expect(chain.expiry).toBe(later);
    expect(chain.expiries).toEqual(byIndex.expiries);
    const listed = contractsOf(market(), 'NFO', 'NIFTY', 'OPTIDX').filter((o) => o.expiry === later);
    expect(legs(chain).map((l) => l.sym.id)).toEqual(
      listed.sort((a, b) => a.strike! - b.strike! || (a.optType === 'CE' ? -1 : 1)).map((o) => o.id),
    );
    expect(legs(chain).every((l) => l.sym.expiry === later)).toBe(true);
  });

  it("agrees with a contract's quote (price, change, OI, volume), before and after its book starts", async () => {
    const chain = await chainOf({ sym: symbolObjectOf(nifty) });
    const row = chain.strikes.find((r) => r.atm)!;
    const leg = row.put!;
    expect(market().isSimulated(leg.sym.id)).toBe(false);
    const { quote } = (await t.call<{ quote: Quote }>('/Market/GetQuote', { sym: leg.sym }, { cookie })).data;
    expect(market().isSimulated(leg.sym.id)).toBe(true);
    const expected = {
      ltp: quote.ltp,
      chng: quote.chng,
      chngPer: quote.chngPer,
      openInterest: quote.openInterest,
      vol: quote.vol,
    };
    expect(leg).toMatchObject(expected);
    expect(units(quote.closePrice)).toBe(units(leg.ltp) - units(leg.chng));
    const again = await chainOf({ sym: symbolObjectOf(nifty) });
    expect(again.strikes.find((r) => r.atm)!.put).toMatchObject(expected);
  });

  it('answers the chain of a stock, and of a commodity on its future', async () => {
    const reliance = market().registry.bySymbol('NSE', 'RELIANCE-EQ')!;
    const stock = await chainOf({ sym: symbolObjectOf(reliance) });
    expect(stock.underlying.sym.id).toBe(reliance.id);
    expect(legs(stock).every((l) => l.sym.instr === 'OPTSTK' && l.sym.expiry === stock.expiry)).toBe(true);
    expect(stock.strikes.filter((r) => r.atm)).toHaveLength(1);

    const commodity = market()
      .registry.all()
      .find((i) => i.instr === 'OPTFUT')!;
    expect(commodity.exc).toBe('MCX');
    const chain = await chainOf({ sym: symbolObjectOf(commodity) });
    const future = market().registry.byId(commodity.underlying!)!;
    expect(chain.underlying.sym.id).toBe(future.id);
    expect(chain.underlying.sym.instr).toBe('FUTCOM');
    expect(await chainOf({ sym: symbolObjectOf(market().registry.byId(future.underlying!)!) })).toEqual(chain);
  });

  it('refuses bad input with its code and starts nothing', async () => {
    const before = simulatedCount();
    const call = (data: unknown, withCookie = true) =>
      t.call('/Market/GetOptionChain', data, withCookie ? { cookie } : {});
    const sym = symbolObjectOf(nifty);
    expect((await call({ sym }, false)).infoID).toBe('EGN006');
    expect((await call({ sym: { ...sym, id: '999999' } })).infoID).toBe('MKT001');
    expect((await call({ sym: { ...sym, exc: 'BSE' } })).infoID).toBe('MKT001');

    const withoutOptions = market()
      .registry.all()
      .find((i) => i.exc === 'NSE' && i.instr === 'STK' && market().registry.derivativesOf(i.id).length === 0)!;
    const none = await call({ sym: symbolObjectOf(withoutOptions) });
    expect(none.infoID).toBe('MKT006');
    expect(none.infoMsg).toContain(withoutOptions.displaySym);
    const badExpiry = await call({ sym, expiry: '2001-01-01' });
    expect(badExpiry.infoID).toBe('MKT006');
    expect(badExpiry.infoMsg).toContain('2001-01-01');

    expect((await call({ sym, expiry: '01-01-2001' })).infoID).toBe('EGN001');
    expect((await call({ sym: { id: sym.id } })).infoID).toBe('EGN001');
    expect((await call({ sym, strike: '100' })).infoID).toBe('EGN001');
    expect((await call({})).infoID).toBe('EGN001');
    expect(simulatedCount()).toBe(before);
  });
});
