import {
  getOptionInputs,
  istIsoDate,
  parseRupees,
  priceString,
  requiredMargin,
  rupeesString,
  type PriceUnits,
  type ResponseData,
  type SpanContract,
  type SpanResult,
} from '@kite/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { applyTrade, clientIdOf, instrument, marketOf } from '../portfolio/portfolio-test-support.ts';

type Greeks = { price: string; delta: string; gamma: string; theta: string; vega: string; rho: string };
type OptionAnswer = { call: Greeks; put: Greeks; impliedVolatility: string | null };

const hull = {
  underlyingPrice: '42',
  strikePrice: '40',
  daysToExpiry: '183',
  volatility: '20',
  interestRate: '10',
};

describe('option and SPAN calculators (investing.md 7: /Calculators/CalculateOptions, /Span/*)', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;

  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(async () => t.close());

  it('values a call and a put with their Greeks, and finds the volatility a premium implies', async () => {
    const answer = await t.call<OptionAnswer>('/Calculators/CalculateOptions', hull, { cookie: demo1 });
    expect(answer.infoID).toBe('0');
    // Hull's example 15.6 (6 months): call 4.76, put 0.81; here 183 days of 365.
    expect(answer.data.call.price).toBe('4.77');
    expect(answer.data.put.price).toBe('0.81');
    expect(Number(answer.data.call.delta)).toBeGreaterThan(0.7);
    expect(answer.data.put.delta.startsWith('-')).toBe(true);
    expect(answer.data.call.gamma).toBe(answer.data.put.gamma);
    expect(answer.data.impliedVolatility).toBeNull();

    const implied = await t.call<OptionAnswer>(
      '/Calculators/CalculateOptions',
      { ...hull, optionPremium: answer.data.put.price, premiumType: 'PE' },
      { cookie: demo1 },
    );
    // A premium rounded to the paisa implies a volatility within a few hundredths of the one that gave it.
    expect(Math.abs(Number(implied.data.impliedVolatility) - 20)).toBeLessThan(0.2);
  });

  it('refuses a figure with the rule that refused it', async () => {
    const answer = await t.call('/Calculators/CalculateOptions', { ...hull, volatility: '0' }, { cookie: demo1 });
    expect(answer.infoID).toBe('CAL001');
    expect(answer.infoMsg).toBe('Volatility must be above 0 and at most 500 % a year');
    const unsigned = await t.call('/Calculators/CalculateOptions', hull);
    expect(unsigned.infoID).toBe('EGN006');
  });

  it('lists instrument types, underlyings, expiries and contracts from the market', async () => {
    const kinds = await t.call<{ instruments: { exchange: string; instrument: string }[] }>(
      '/Span/GetInstruments',
      {},
      { cookie: demo1 },
    );
    expect(kinds.data.instruments).toEqual(
      expect.arrayContaining([
        { exchange: 'NFO', instrument: 'FUTIDX' },
        { exchange: 'NFO', instrument: 'OPTSTK' },
        { exchange: 'CDS', instrument: 'FUTCUR' },
        { exchange: 'MCX', instrument: 'FUTCOM' },
      ]),
    );
    const symbols = await t.call<{ symbols: string[] }>(
      '/Span/GetSymbols',
      { exchange: 'NFO', instrument: 'OPTIDX' },
      { cookie: demo1 },
    );
    expect(symbols.data.symbols).toContain('NIFTY');
    const expiries = await t.call<{ expiries: string[] }>(
      '/Span/GetExpiries',
      { exchange: 'NFO', instrument: 'OPTIDX', symbol: 'NIFTY' },
      { cookie: demo1 },
    );
    expect(expiries.data.expiries.length).toBeGreaterThan(0);
    expect([...expiries.data.expiries].sort()).toEqual(expiries.data.expiries);
    const contracts = await t.call<{ contracts: SpanContract[] }>(
      '/Span/GetContracts',
      { exchange: 'NFO', instrument: 'OPTIDX', symbol: 'NIFTY', expiry: expiries.data.expiries[0] },
      { cookie: demo1 },
    );
    const calls = contracts.data.contracts.filter((c) => c.optType === 'CE');
    expect(calls.length).toBeGreaterThan(5);
    expect(contracts.data.contracts.filter((c) => c.optType === 'PE')).toHaveLength(calls.length);
    expect(contracts.data.contracts.every((c) => c.lot === contracts.data.contracts[0]?.lot && c.strike !== null)).toBe(
      true,
    );

    const unknown = await t.call(
      '/Span/GetExpiries',
      { exchange: 'NFO', instrument: 'OPTIDX', symbol: 'NOSUCH' },
      { cookie: demo1 },
    );
    expect(unknown.infoID).toBe('CAL002');
  });

  it("fills the option calculator from a listed option: the underlying's price, strike, days, premium and its volatility", async () => {
    const first = instrument(
      t,
      (i) => i.exc === 'NFO' && i.instr === 'OPTIDX' && i.symbol === 'NIFTY' && i.optType === 'PE',
    );
    const index = marketOf(t).registry.byId(first.underlying ?? '');
    const indexLevel = marketOf(t).snapshot(index?.id ?? '')?.lastPrice || index?.referencePrice || 0;
    // The put struck nearest the index: its premium is above its intrinsic value, so a volatility gives it.
    const option =
      marketOf(t)
        .registry.all()
        .filter(
          (i) =>
            i.trSymbol !== '' &&
            i.exc === 'NFO' &&
            i.instr === 'OPTIDX' &&
            i.symbol === 'NIFTY' &&
            i.optType === 'PE' &&
            i.expiry === first.expiry,
        )
        .sort((a, b) => Math.abs((a.strike ?? 0) - indexLevel) - Math.abs((b.strike ?? 0) - indexLevel))[0] ?? first;
    const contracts = await t.call<{ contracts: SpanContract[] }>(
      '/Span/GetContracts',
      { exchange: 'NFO', instrument: 'OPTIDX', symbol: 'NIFTY', expiry: option.expiry },
      { cookie: demo1 },
    );
    const listed = contracts.data.contracts.find((c) => c.trSymbol === option.trSymbol);
    const inputs = await t.call<ResponseData<typeof getOptionInputs>>(
      '/Calculators/OptionInputs',
      { exchange: 'NFO', trSymbol: option.trSymbol, interestRate: '6.5' },
      { cookie: demo1 },
    );
    expect(inputs.infoID).toBe('0');
    const days = Math.round((Date.parse(option.expiry ?? '') - Date.parse(istIsoDate(t.app.clock.now()))) / 86_400_000);
    expect(inputs.data).toMatchObject({
      displaySym: option.displaySym,
      underlyingPrice: priceString(indexLevel as PriceUnits, 2),
      strikePrice: listed?.strike,
      daysToExpiry: days,
      optionPremium: days === 0 ? '' : listed?.ltp,
      premiumType: 'PE',
    });
    if (days > 0) {
      expect(inputs.data.volatility).toMatch(/^\d+\.\d{2}$/);
      // Valued at the volatility it answered, the option is worth its premium again (to the paisa's rounding).
      const valued = await t.call<OptionAnswer>(
        '/Calculators/CalculateOptions',
        {
          underlyingPrice: inputs.data.underlyingPrice,
          strikePrice: inputs.data.strikePrice,
          daysToExpiry: String(days),
          volatility: inputs.data.volatility ?? '',
          interestRate: '6.5',
        },
        { cookie: demo1 },
      );
      const premiumPaise = parseRupees(inputs.data.optionPremium) ?? 0;
      const valuedPaise = parseRupees(valued.data.put.price) ?? 0;
      expect(Math.abs(valuedPaise - premiumPaise)).toBeLessThanOrEqual(Math.max(5, premiumPaise / 200));
    }

    const future = instrument(t, (i) => i.exc === 'NFO' && i.instr === 'FUTIDX');
    for (const trSymbol of [future.trSymbol, 'NOSUCH']) {
      const refused = await t.call(
        '/Calculators/OptionInputs',
        { exchange: 'NFO', trSymbol, interestRate: '6.5' },
        { cookie: demo1 },
      );
      expect(refused.infoID).toBe('CAL002');
    }
    const badRate = await t.call(
      '/Calculators/OptionInputs',
      { exchange: 'NFO', trSymbol: option.trSymbol, interestRate: '101' },
      { cookie: demo1 },
    );
    expect(badRate.infoID).toBe('CAL001');
    expect(badRate.infoMsg).toBe('Interest rate must be from 0 to 100 % a year');
  });

  it('margins each position as the RMS would block it overnight, and adds them up', async () => {
    const market = marketOf(t);
    const future = instrument(t, (i) => i.exc === 'NFO' && i.instr === 'FUTIDX' && i.symbol === 'NIFTY');
    const option = instrument(
      t,
      (i) => i.exc === 'NFO' && i.instr === 'OPTIDX' && i.symbol === 'NIFTY' && i.optType === 'PE',
    );
    const answer = await t.call<SpanResult>(
      '/Span/CalculateSpan',
      {
        positions: [
          { exchange: 'NFO', trSymbol: future.trSymbol, side: 'buy', lots: 2 },
          { exchange: 'NFO', trSymbol: option.trSymbol, side: 'sell', lots: 1 },
          { exchange: 'NFO', trSymbol: option.trSymbol, side: 'buy', lots: 1 },
        ],
      },
      { cookie: demo1 },
    );
    expect(answer.infoID).toBe('0');
    const [long, short, bought] = answer.data.positions;
    const last = (id: string) => market.snapshot(id)?.lastPrice ?? 0;
    const expected = requiredMargin({
      instr: future.instr,
      exchange: future.exc,
      symbol: future.symbol,
      product: 'CARRY FORWARD',
      side: 'buy',
      quantity: 2 * future.lot,
      price: last(future.id) as PriceUnits,
      priceDecimals: future.priceDecimals,
      lotQualifier: future.multiplier,
    });
    expect(long).toMatchObject({
      quantity: 2 * future.lot,
      span: rupeesString(expected.span),
      exposure: rupeesString(expected.exposure),
      premium: '0.00',
    });
    expect(short?.premium).toBe('0.00');
    expect(parseRupees(short?.span ?? '0')).toBeGreaterThan(0);
    expect(bought).toMatchObject({ span: '0.00', exposure: '0.00' });
    const sum = (key: 'span' | 'exposure' | 'premium' | 'total') =>
      answer.data.positions.reduce((acc, row) => acc + (parseRupees(row[key]) ?? NaN), 0);
    for (const key of ['span', 'exposure', 'premium', 'total'] as const)
      expect(parseRupees(answer.data.total[key])).toBe(sum(key));
  });

  it('refuses an unknown contract, an equity and bad lots, changing nothing', async () => {
    const equity = await t.call(
      '/Span/CalculateSpan',
      { positions: [{ exchange: 'NFO', trSymbol: 'RELIANCE-EQ', side: 'buy', lots: 1 }] },
      { cookie: demo1 },
    );
    expect(equity.infoID).toBe('CAL002');
    const lots = await t.call(
      '/Span/CalculateSpan',
      { positions: [{ exchange: 'NFO', trSymbol: 'X', side: 'buy', lots: 0 }] },
      { cookie: demo1 },
    );
    expect(lots.infoID).toBe('EGN001');
    const none = await t.call('/Span/CalculateSpan', { positions: [] }, { cookie: demo1 });
    expect(none.infoID).toBe('EGN001');
  });

  it("margins the session client's own open derivative positions, nobody else's", async () => {
    const future = instrument(t, (i) => i.exc === 'NFO' && i.instr === 'FUTSTK' && i.symbol === 'INFY');
    const option = instrument(t, (i) => i.exc === 'NFO' && i.instr === 'OPTSTK' && i.symbol === 'TCS');
    await applyTrade(
      t.db,
      await clientIdOf(t.db, 'DEMO1'),
      future,
      'CARRY FORWARD',
      'SELL',
      3 * future.lot,
      future.referencePrice,
    );
    await applyTrade(
      t.db,
      await clientIdOf(t.db, 'DEMO3'),
      option,
      'CARRY FORWARD',
      'BUY',
      option.lot,
      option.referencePrice,
    );
    const mine = await t.call<SpanResult>('/Span/CalculateSpanFromPositions', {}, { cookie: demo1 });
    expect(mine.infoID).toBe('0');
    expect(mine.data.positions.map((p) => [p.trSymbol, p.side, p.lots])).toEqual([[future.trSymbol, 'sell', 3]]);
  });

  it('keeps the SPAN calculator to clients with span_permission (DEMO2 has none)', async () => {
    for (const path of ['/Span/GetInstruments', '/Span/CalculateSpanFromPositions']) {
      expect((await t.call(path, {}, { cookie: demo2 })).infoID).toBe('EGN004');
    }
    const options = await t.call('/Calculators/CalculateOptions', hull, { cookie: demo2 });
    expect(options.infoID).toBe('0');
  });
});
