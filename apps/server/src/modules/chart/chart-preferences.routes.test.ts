import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartSlot, SavedChart, SymbolObject } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import type { TestApp } from '../../test/harness.ts';

type Preferences = { preferences: SavedChart | null };

describe('/Chart/GetChartPreferences and /Chart/ChartPreferences', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;

  const get = (cookie: string | undefined, chartId: unknown) =>
    t.call<Preferences>('/Chart/GetChartPreferences', { chartId }, cookie ? { cookie } : {});
  const save = (cookie: string | undefined, chartId: unknown, charts: unknown, extra: Record<string, unknown> = {}) =>
    t.call<{ saved: true }>('/Chart/ChartPreferences', { chartId, charts, ...extra }, cookie ? { cookie } : {});
  const saved = async (cookie: string, chartId: ChartSlot) => {
    const answer = await get(cookie, chartId);
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.preferences;
  };
  const sym = (exc: 'NSE' | 'BSE', trSymbol: string): SymbolObject => {
    const instrument = t.app.marketRuntime.market.registry.bySymbol(exc, trSymbol);
    if (!instrument) throw new Error(`no ${exc} ${trSymbol}`);
    return symbolObjectOf(instrument);
  };
  /** Every stored row of a client, slot by slot, as JSON text: equal snapshots mean nothing of theirs changed. */
  const rowsOf = async (userId: string) => {
    const { rows } = await t.db.query<{ row: string }>(
      `SELECT row_to_json(p)::text AS row FROM chart_preferences p JOIN clients c ON c.id = p.client_id
        WHERE c.user_id = $1 ORDER BY p.chart_id`,
      [userId],
    );
    return rows.map((r) => r.row);
  };

  /** A candle chart of TCS with a comparison, two studies and a horizontal and a trend line. */
  const tcsChart = (): SavedChart => ({
    preference: {
      layout: {
        chartType: 'candle',
        crosshair: true,
        studies: [
          { name: 'Moving Average', period: 20 },
          { name: 'Relative Strength Index', period: 14 },
        ],
        comparisons: [sym('NSE', 'INFY-EQ')],
      },
      span: { multiplier: 3, base: 'month' },
      periodicity: { interval: 1, period: 1, timeUnit: 'day' },
    },
    symObj: sym('NSE', 'TCS-EQ'),
    drawings: [
      { type: 'horizontal', points: [{ time: 1_763_000_000, price: '3450.50' }] },
      {
        type: 'trend',
        points: [
          { time: 1_762_000_000, price: '3300' },
          { time: 1_763_500_000, price: '3512.75' },
        ],
      },
    ],
  });

  /** A line chart of SBIN on BSE, intraday, nothing drawn, with the client's own (short) symbol object. */
  const sbinChart = (): SavedChart => {
    const { id, exc, exc_seg, instr, xSym } = sym('BSE', 'SBIN');
    return {
      preference: {
        layout: { chartType: 'line', crosshair: false, studies: [], comparisons: [] },
        span: { multiplier: 1, base: 'day' },
        periodicity: { interval: 5, period: 1, timeUnit: 'minute' },
      },
      symObj: { id, exc, exc_seg, instr, xSym },
      drawings: [],
    };
  };

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  it('refuses both calls without a session (EGN006) and saves nothing', async () => {
    expect((await get(undefined, '1')).infoID).toBe('EGN006');
    expect((await save(undefined, '1', tcsChart())).infoID).toBe('EGN006');
    expect((await t.db.query('SELECT 1 FROM chart_preferences')).rowCount).toBe(0);
  });

  it('answers null for each of the four slots before the client saves one', async () => {
    for (const slot of ['1', '2', '3', '4'] as const) expect(await saved(demo1, slot)).toBeNull();
  });

  it("saves a slot and answers exactly what was saved, in the session client's row", async () => {
    const chart = tcsChart();
    const answer = await save(demo1, '1', chart);
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect(answer.data).toEqual({ saved: true });
    expect(await saved(demo1, '1')).toStrictEqual(chart);
    const { rows } = await t.db.query<{ chart_id: string; sym_obj: unknown; drawings: unknown }>(
      `SELECT p.chart_id, p.sym_obj, p.drawings FROM chart_preferences p JOIN clients c ON c.id = p.client_id
        WHERE c.user_id = 'DEMO1'`,
    );
    expect(rows).toEqual([{ chart_id: '1', sym_obj: chart.symObj, drawings: chart.drawings }]);
  });

  it('replaces the slot when it is saved again', async () => {
    const chart = sbinChart();
    expect((await save(demo1, '1', chart)).infoID).toBe('0');
    expect(await saved(demo1, '1')).toStrictEqual(chart);
    expect(await rowsOf('DEMO1')).toHaveLength(1);
  });

  it('keeps the four slots apart', async () => {
    const two = tcsChart();
    two.preference.layout.chartType = 'heikinashi';
    expect((await save(demo1, '2', two)).infoID).toBe('0');
    expect(await saved(demo1, '1')).toStrictEqual(sbinChart());
    expect(await saved(demo1, '2')).toStrictEqual(two);
    expect(await saved(demo1, '3')).toBeNull();
    expect(await saved(demo1, '4')).toBeNull();
  });

  it("shows another client none of DEMO1's slots and lets them change none of them", async () => {
    const before = await rowsOf('DEMO1');
    expect(before).toHaveLength(2);
    for (const slot of ['1', '2', '3', '4'] as const) expect(await saved(demo2, slot)).toBeNull();

    // DEMO2's save of slot 1 is DEMO2's own slot 1.
    const own = tcsChart();
    own.preference.layout.chartType = 'area';
    expect((await save(demo2, '1', own)).infoID).toBe('0');
    expect(await saved(demo2, '1')).toStrictEqual(own);
    expect(await rowsOf('DEMO2')).toHaveLength(1);
    // The body cannot name another client.
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM clients WHERE user_id = 'DEMO1'");
    for (const extra of [{ clientId: String(rows[0]!.id) }, { userId: 'DEMO1' }]) {
      const answer = await save(demo2, '2', own, extra);
      expect(answer.infoID, answer.infoMsg).toBe('EGN001');
      expect(answer.infoMsg).toMatch(/Unrecognized key/);
    }
    expect(await rowsOf('DEMO1')).toEqual(before);
    expect(await saved(demo1, '1')).toStrictEqual(sbinChart());
    expect(await rowsOf('DEMO2')).toHaveLength(1);
  });

  describe('refuses bad input with a clear answer and changes nothing', () => {
    const withChart = (change: (chart: SavedChart) => void): SavedChart => {
      const chart = tcsChart();
      change(chart);
      return chart;
    };
    const cases: [string, () => { chartId: unknown; charts: unknown }, string, RegExp][] = [
      ['a fifth slot', () => ({ chartId: '5', charts: tcsChart() }), 'EGN001', /^Invalid request: chartId: /],
      ['a slot as a number', () => ({ chartId: 1, charts: tcsChart() }), 'EGN001', /^Invalid request: chartId: /],
      [
        'an unknown chart type',
        () => ({
          chartId: '1',
          charts: withChart((c) => ((c.preference.layout as { chartType: string }).chartType = 'kagi')),
        }),
        'EGN001',
        /^Invalid request: charts\.preference\.layout\.chartType: /,
      ],
      [
        '51 drawings',
        () => ({
          chartId: '1',
          charts: withChart((c) => (c.drawings = Array.from({ length: 51 }, () => c.drawings[0]!))),
        }),
        'EGN001',
        /^Invalid request: charts\.drawings: Too big/,
      ],
      [
        'a float where a price (decimal string) is expected',
        () => ({
          chartId: '1',
          charts: withChart((c) => ((c.drawings[0]!.points[0] as { price: unknown }).price = 3450.5)),
        }),
        'EGN001',
        /^Invalid request: charts\.drawings\.0\.points\.0\.price: /,
      ],
      [
        'a price that is no decimal number',
        () => ({ chartId: '1', charts: withChart((c) => (c.drawings[0]!.points[0]!.price = '3.4e3')) }),
        'EGN001',
        /^Invalid request: charts\.drawings\.0\.points\.0\.price: a decimal number/,
      ],
      [
        'an unknown main instrument',
        () => ({ chartId: '1', charts: withChart((c) => (c.symObj = { ...c.symObj, id: 'NOPE' })) }),
        'MKT001',
        /^Symbol not found: NOPE \(NSE\)\.$/,
      ],
      [
        'a main instrument on another exchange than its id',
        () => ({ chartId: '1', charts: withChart((c) => (c.symObj = { ...c.symObj, exc: 'BSE' })) }),
        'MKT001',
        /^Symbol not found: .+ \(BSE\)\.$/,
      ],
      [
        'an unknown comparison instrument',
        () => ({
          chartId: '1',
          charts: withChart((c) => c.preference.layout.comparisons.push({ ...sym('NSE', 'SBIN-EQ'), id: 'GONE' })),
        }),
        'MKT001',
        /^Symbol not found: GONE \(NSE\)\.$/,
      ],
    ];

    it.each(cases)('%s', async (_name, body, code, message) => {
      const before = await rowsOf('DEMO1');
      const { chartId, charts } = body();
      // A chart at fault is refused for the saved slot 1 and for the empty slot 4 alike.
      for (const slot of chartId === '1' ? ['1', '4'] : [chartId]) {
        const answer = await save(demo1, slot, charts);
        expect(answer.infoID, answer.infoMsg).toBe(code);
        expect(answer.infoMsg).toMatch(message);
      }
      expect(await rowsOf('DEMO1')).toEqual(before);
      expect(await saved(demo1, '4')).toBeNull();
    });

    it('refuses GetChartPreferences of a fifth slot', async () => {
      const answer = await get(demo1, '5');
      expect(answer.infoID).toBe('EGN001');
      expect(answer.infoMsg).toMatch(/^Invalid request: chartId: /);
    });
  });

  it('answers null for a stored chart the contract no longer accepts (the web app then draws its default)', async () => {
    const stale = tcsChart();
    await t.db.query(
      `INSERT INTO chart_preferences (client_id, chart_id, preference, sym_obj, drawings)
       SELECT id, '3', $1, $2, $3 FROM clients WHERE user_id = 'DEMO1'`,
      [
        JSON.stringify({ ...stale.preference, layout: { ...stale.preference.layout, chartType: 'renko' } }),
        JSON.stringify(stale.symObj),
        JSON.stringify(stale.drawings),
      ],
    );
    expect(await saved(demo1, '3')).toBeNull();
    expect((await save(demo1, '3', stale)).infoID).toBe('0');
    expect(await saved(demo1, '3')).toStrictEqual(stale);
  });
});
