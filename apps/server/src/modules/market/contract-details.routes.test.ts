import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRupees, type ContractDetails, type LotMargin } from '@kite/domain';
import type { Instrument } from '@kite/exchange';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import type { TestApp } from '../../test/harness.ts';
import { contractsOf, nearestContract } from '../../test/contracts.ts';

/** Basis points of a value in paise, half up to the paisa: the RMS's rule (market-facts 5), worked out here apart. */
const share = (paise: number, bp: number) => Math.floor((paise * bp + 5_000) / 10_000);

describe('/Market/GetContractDetails (investing.md 7)', () => {
  let t: TestApp;
  let cookie: string;
  const details = async (instrument: Instrument) => {
    const answer = await t.call<{ contract: ContractDetails }>(
      '/Market/GetContractDetails',
      { sym: symbolObjectOf(instrument) },
      { cookie },
    );
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.contract;
  };
  const paise = (rupees: string) => parseRupees(rupees)!;
  const margins = (contract: ContractDetails) =>
    Object.fromEntries(contract.lotMargins.map((m) => [`${m.product} ${m.side}`, m])) as Record<string, LotMargin>;
  const bySymbol = (exc: 'NSE' | 'NFO', trSymbol: string) =>
    t.app.marketRuntime.market.registry.bySymbol(exc, trSymbol)!;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    cookie = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  it("answers a stock's reference data and one share's margins in each product the order dialog offers", async () => {
    const contract = await details(bySymbol('NSE', 'RELIANCE-EQ'));
    expect(contract).toMatchObject({
      displaySym: 'RELIANCE',
      tradingSymbol: 'RELIANCE-EQ',
      exchange: 'NSE',
      segment: 'nse_cm',
      instrument: 'STK',
      isin: 'INE002A01018',
      tradable: true,
      lot: 1,
      tickSize: '0.10',
      multiplier: 1,
      expiry: null,
      daysToExpiry: null,
      strike: null,
      underlying: null,
    });
    expect(contract.indices).toContain('NIFTY 50');
    expect(contract.dpr).toMatch(/^\d+\.\d{2} - \d+\.\d{2}$/);
    const ltp = paise(contract.ltp);
    const rows = margins(contract);
    // A delivery sell takes held shares and blocks nothing, so only the intraday sell is listed.
    expect(Object.keys(rows)).toEqual(['CASH buy', 'MARGIN buy', 'INTRADAY buy', 'INTRADAY sell']);
    expect(paise(rows['CASH buy']!.total)).toBe(ltp);
    expect(paise(rows['INTRADAY buy']!.total)).toBe(share(ltp, 2_000));
    expect(paise(rows['INTRADAY sell']!.total)).toBe(share(ltp, 2_000));
    // A NIFTY 50 constituent is margin-trading Group I: 35%.
    expect(paise(rows['MARGIN buy']!.total)).toBe(share(ltp, 3_500));
  });

  it("answers a future's expiry, underlying and its lot's SPAN and exposure on both sides", async () => {
    const market = t.app.marketRuntime.market;
    const future = nearestContract(market, 'NFO', 'NIFTY', 'FUTIDX');
    const contract = await details(future);
    expect(contract).toMatchObject({
      instrument: 'FUTIDX',
      segment: 'nse_fo',
      expiry: future.expiry,
      lot: future.lot,
      strike: null,
      optType: null,
      isin: null,
      underlying: { displaySym: 'NIFTY 50' },
    });
    expect(contract.daysToExpiry).toBe(future.expiryDay! - market.currentDay());
    expect(contract.daysToExpiry).toBeGreaterThanOrEqual(0);
    const value = paise(contract.ltp) * future.lot;
    const rows = margins(contract);
    expect(Object.keys(rows)).toEqual(['CARRY FORWARD buy', 'CARRY FORWARD sell', 'INTRADAY buy', 'INTRADAY sell']);
    for (const row of Object.values(rows)) {
      // Index futures: SPAN 9% and exposure 2% of the lot's value, the same bought or sold.
      expect([paise(row.span), paise(row.exposure), paise(row.premium)]).toEqual([
        share(value, 900),
        share(value, 200),
        0,
      ]);
      expect(paise(row.total)).toBe(paise(row.span) + paise(row.exposure));
    }
  });

  it("answers an option's strike and type; a bought lot pays its premium, a sold one blocks SPAN and exposure", async () => {
    const market = t.app.marketRuntime.market;
    const option = contractsOf(market, 'NFO', 'NIFTY', 'OPTIDX').find((o) => o.optType === 'CE')!;
    const contract = await details(option);
    expect(contract).toMatchObject({ instrument: 'OPTIDX', optType: 'CE', underlying: { displaySym: 'NIFTY 50' } });
    expect(paise(contract.strike!)).toBe(option.strike);
    const rows = margins(contract);
    expect(Object.keys(rows)).toEqual(['CARRY FORWARD buy', 'CARRY FORWARD sell']);
    const bought = rows['CARRY FORWARD buy']!;
    expect(paise(bought.total)).toBe(paise(bought.premium));
    expect(paise(bought.premium)).toBe(paise(contract.ltp) * option.lot);
    const sold = rows['CARRY FORWARD sell']!;
    expect(paise(sold.premium)).toBe(0);
    expect(paise(sold.span)).toBeGreaterThan(0);
    expect(paise(sold.total)).toBe(paise(sold.span) + paise(sold.exposure));
  });

  it('answers an index, which is not traded, without a band or margins', async () => {
    const contract = await details(bySymbol('NSE', 'NIFTY 50'));
    expect(contract).toMatchObject({ instrument: 'IDX', tradable: false, dpr: null, lotMargins: [] });
  });

  it('refuses without a session, an instrument it does not list, and a malformed request', async () => {
    const reliance = symbolObjectOf(bySymbol('NSE', 'RELIANCE-EQ'));
    const call = (data: unknown, withSession = true) =>
      t.call('/Market/GetContractDetails', data, withSession ? { cookie } : {});
    expect((await call({ sym: reliance }, false)).infoID).toBe('EGN006');
    expect((await call({ sym: { ...reliance, id: '999999' } })).infoID).toBe('MKT001');
    expect((await call({ sym: { ...reliance, exc: 'BSE' } })).infoID).toBe('MKT001');
    expect((await call({ sym: { id: reliance.id } })).infoID).toBe('EGN001');
  });
});
