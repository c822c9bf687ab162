import { describe, expect, it } from 'vitest';
import { daysFromCivil } from '../clock/ist.ts';
import { TradingCalendar } from '../clock/trading-calendar.ts';
import { buildInstruments, stockLot, syntheticIsin } from './build-instruments.ts';
import { InstrumentRegistry } from './instrument-registry.ts';

const today = daysFromCivil(2026, 11, 20);
const instruments = buildInstruments({ today, calendar: new TradingCalendar() });
const registry = new InstrumentRegistry(instruments);

describe('instruments of the simulated market', () => {
  it('lists about 150 equities on each of NSE and BSE with real ISINs for the NIFTY 50', () => {
    const nse = instruments.filter((i) => i.exc === 'NSE' && i.instr === 'STK');
    expect(nse.length).toBeGreaterThanOrEqual(150);
    expect(instruments.filter((i) => i.exc === 'BSE' && i.instr === 'STK').length).toBe(nse.length);
    const reliance = registry.bySymbol('NSE', 'RELIANCE-EQ')!;
    expect(reliance).toMatchObject({
      name: 'Reliance Industries Ltd.',
      sector: 'Oil Gas & Consumable Fuels',
      isin: 'INE002A01018',
      isinSynthetic: false,
      referencePrice: 151_890,
      tickSize: 10,
      bandPercent: 10,
      lot: 1,
      instr: 'STK',
      exc_seg: 'nse_cm',
      assetClass: 'EQUITY',
    });
    expect(reliance.indices).toEqual(expect.arrayContaining(['NIFTY 50', 'SENSEX']));
    expect(registry.bySymbol('NSE', 'MRF-EQ')!.tickSize).toBe(500);
    expect(registry.bySymbol('NSE', 'SUNTV-EQ')!.bandPercent).toBe(2);
    expect(syntheticIsin('MRF')).toMatch(/^INE[0-9A-Z]{6}01\d$/);
    // Every symbol is unique per exchange and every price sits on its tick.
    const keys = new Set(instruments.map((i) => `${i.exc}:${i.trSymbol}`));
    expect(keys.size).toBe(instruments.length);
    for (const i of instruments) expect(i.referencePrice % i.tickSize === 0 || i.assetClass === 'SPREAD').toBe(true);
  });

  it('has NIFTY futures for three months, weekly Tuesday options with 65 lots and spreads', () => {
    const nifty = instruments.filter((i) => i.symbol === 'NIFTY' && i.exc === 'NFO');
    const futures = nifty.filter((i) => i.instr === 'FUTIDX');
    expect(futures.map((f) => f.trSymbol)).toEqual(['NIFTY26NOVFUT', 'NIFTY26DECFUT', 'NIFTY27JANFUT']);
    expect(futures[0]).toMatchObject({ lot: 65, freezeQuantity: 1800, tickSize: 10, expiry: '2026-11-24' });
    const expiries = [...new Set(nifty.filter((i) => i.instr === 'OPTIDX').map((i) => i.expiry))];
    expect(expiries.slice(0, 4)).toEqual(['2026-11-24', '2026-12-01', '2026-12-08', '2026-12-15']);
    expect(registry.bySymbol('NFO', 'NIFTY26D0126100CE')).toMatchObject({
      strike: 2_610_000,
      optType: 'CE',
      tickSize: 5,
    });
    expect(registry.bySymbol('NFO', 'NIFTY26NOV26100PE')).toBeDefined();
    const spread = nifty.find((i) => i.instr === 'FUTIDXSPR')!;
    expect(spread).toMatchObject({
      trSymbol: 'NIFTY26NOVDECFUT',
      calStretch: 'NOV-DEC',
      expiry: '2026-11-24',
      expiry2: '2026-12-29',
    });
    const sensex = registry.bySymbol('BFO', 'SENSEX26NOVFUT')!;
    expect(sensex).toMatchObject({ lot: 20, expiry: '2026-11-26', tickSize: 20 });
    expect(registry.bySymbol('NFO', 'BANKNIFTY26NOVFUT')!.lot).toBe(30);
    expect(registry.bySymbol('NFO', 'FINNIFTY26NOVFUT')!.lot).toBe(60);
    expect(registry.bySymbol('BFO', 'BANKEX26NOVFUT')!.lot).toBe(30);
  });

  it('has stock futures and monthly options with realistic lots, currency and commodity contracts', () => {
    expect(registry.bySymbol('NFO', 'HDFCBANK26NOVFUT')!.lot).toBe(650);
    expect(stockLot('ITC', 40_815)).toBeGreaterThan(1000);
    const chain = registry.optionChain(registry.bySymbol('NSE', 'INFY-EQ')!.id, '2026-11-24');
    expect(chain.length).toBe(11);
    expect(chain.every((row) => row.call && row.put)).toBe(true);
    expect(registry.bySymbol('CDS', 'USDINR26NOVFUT')).toMatchObject({
      tickSize: 25,
      priceDecimals: 4,
      multiplier: 1000,
      expiry: '2026-11-26',
    });
    expect(registry.bySymbol('CDS', 'USDINR26NOV88.5CE')).toBeDefined();
    expect(registry.bySymbol('MCX', 'GOLD26DECFUT')).toMatchObject({
      multiplier: 100,
      tickSize: 100,
      expiry: '2026-12-04',
    });
    expect(registry.bySymbol('MCX', 'CRUDEOIL26DECFUT')).toBeDefined();
    expect(instruments.some((i) => i.exc === 'MCX' && i.instr === 'OPTFUT' && i.symbol === 'CRUDEOIL')).toBe(true);
    expect(instruments.filter((i) => i.exc === 'NCDEX' && i.instr === 'FUTCOM').length).toBe(18);
  });

  it("lists MCX options on the next future once the near future's options have expired", () => {
    const goldOptions = (day: number) => {
      const listed = buildInstruments({ today: day, calendar: new TradingCalendar() });
      const built = new InstrumentRegistry(listed);
      const options = listed.filter((i) => i.exc === 'MCX' && i.instr === 'OPTFUT' && i.symbol === 'GOLD');
      return {
        expiries: [...new Set(options.map((o) => o.expiry))],
        on: built.byId(options[0]!.underlying!)!.trSymbol,
      };
    };
    // GOLD's December future expires on Friday 4 December; its options two trading days before.
    expect(goldOptions(daysFromCivil(2026, 12, 2))).toEqual({ expiries: ['2026-12-02'], on: 'GOLD26DECFUT' });
    expect(goldOptions(daysFromCivil(2026, 12, 3))).toEqual({ expiries: ['2027-02-03'], on: 'GOLD27FEBFUT' });
  });

  it('searches by symbol and company name, exact symbols and cash first', () => {
    expect(registry.search('reliance', { limit: 3 }).map((i) => `${i.exc}:${i.trSymbol}`)).toEqual([
      'NSE:RELIANCE-EQ',
      'BSE:RELIANCE',
      'NFO:RELIANCE26NOVFUT',
    ]);
    expect(registry.search('infosys', { exchange: 'NSE' })[0]!.symbol).toBe('INFY');
    expect(registry.search('nifty 26100 ce', { limit: 1 })[0]!.trSymbol).toBe('NIFTY26NOV26100CE');
    expect(registry.search('')).toEqual([]);
  });
});
