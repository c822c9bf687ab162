import type { ClientMaster, ContractNote, GainLotRow, GainTotalRow, LedgerStatement } from '@kite/domain';
import { isoDate, istDay } from '@kite/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { clientIdOf } from '../portfolio/portfolio-test-support.ts';
import { orderPayload, orderRow, symOf } from '../trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { endOfDay } from '../../services/oms/end-of-day.ts';

/** Paise of a decimal rupee text, exactly. */
const paise = (text: string): number => {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return text.startsWith('-') ? -value : value;
};
const CHARGES = ['brokerage', 'stt', 'transactionCharge', 'gst', 'sebiFee', 'stampDuty'] as const;

describe('/Reports/* and /Report/* over real orders, trades and ledger entries (investing.md 2, 7, 9)', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  let client1: number;
  let today: number;
  const slash = (day: number) => isoDate(day).split('-').reverse().join('/');
  const fyOf = (day: number) => {
    const [y, m] = isoDate(day).split('-').map(Number) as [number, number];
    const start = m >= 4 ? y : y - 1;
    return `${start}-${start + 1}`;
  };

  const ledger = (cookie: string, from: string, to: string) =>
    t.call<LedgerStatement>('/Reports/ReportWebService', { report: 'ledger', fromDate: from, toDate: to }, { cookie });
  const note = (cookie: string, day: string) =>
    t.call<ContractNote>('/Reports/DigitalContract', { tradeDate: day }, { cookie });
  const place = async (fields: Record<string, unknown>) => {
    const placed = await t.call<{ orderId: string }>(
      '/Trade/AddOrder',
      orderPayload(symOf(t, 'NSE', fields.symbol as string), { ordType: 'market', ...fields, symbol: undefined }),
      { cookie: demo1 },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    expect((await orderRow(t, placed.data.orderId)).status).toBe('EXECUTED');
    return placed.data.orderId;
  };
  /** An order's traded value in paise (quantity x price of its trades; equity prices are in paise). */
  const tradedValueOf = async (orderNo: string) =>
    Number(
      (
        await t.db.query<{ v: string }>(
          'SELECT sum(t.quantity * t.price)::bigint AS v FROM trades t JOIN orders o ON o.id = t.order_id WHERE o.order_no = $1',
          [orderNo],
        )
      ).rows[0]!.v,
    );
  const balanceOf = async (clientId: number) =>
    (
      await t.db.query<{ b: number }>('SELECT ledger_balance_paise AS b FROM client_funds WHERE client_id = $1', [
        clientId,
      ])
    ).rows[0]!.b;

  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
    client1 = await clientIdOf(t.db, 'DEMO1');
    today = istDay(t.app.clock.now());
  });
  afterAll(() => t.close());

  it('refuses every call without a session (EGN006)', async () => {
    for (const path of [
      '/Reports/ReportWebService',
      '/Reports/DigitalContract',
      '/Report/CapitalGLReport',
      '/Report/GainSummary',
    ]) {
      expect((await t.call(path, {})).infoID).toBe('EGN006');
    }
  });

  it('shows an empty ledger whose opening and closing are the balance before any trade', async () => {
    const answer = await ledger(demo1, slash(today - 30), slash(today));
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect(answer.data).toMatchObject({ entries: [], totalDebit: '0.00', totalCredit: '0.00' });
    expect(paise(answer.data.openingBalance)).toBe(await balanceOf(client1));
    expect(answer.data.closingBalance).toBe(answer.data.openingBalance);
  });

  it("shows the client's own master record with PAN, mobile, e-mail and accounts masked", async () => {
    const answer = await t.call<ClientMaster>('/Reports/ClientMaster', {}, { cookie: demo1 });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    const { rows } = await t.db.query<{ pan: string; mobile: string; email: string; name: string }>(
      'SELECT pan, mobile, email, name FROM clients WHERE id = $1',
      [client1],
    );
    const own = rows[0]!;
    const m = answer.data;
    expect(m).toMatchObject({
      userId: 'DEMO1',
      name: own.name,
      pan: `XXXXXX${own.pan.slice(-4)}`,
      mobile: `XXXXXX${own.mobile.slice(-4)}`,
    });
    expect(m.email).not.toBe(own.email);
    expect(m.email.endsWith(own.email.slice(own.email.indexOf('@')))).toBe(true);
    expect(JSON.stringify(m)).not.toContain(own.pan);
    expect(m.segments).toContain('Equity');
    expect(m.demats.length).toBeGreaterThan(0);
    for (const d of m.demats) expect(d.account).toMatch(/^X+[0-9A-Z]{4}$/);
    const other = await t.call<ClientMaster>('/Reports/ClientMaster', {}, { cookie: demo2 });
    expect(other.data.userId).toBe('DEMO2');
  });

  it('refuses bad periods with the rule broken, for every dated call', async () => {
    expect((await ledger(demo1, slash(today), slash(today + 1))).infoID).toBe('RPT001');
    expect((await ledger(demo1, slash(today), slash(today - 1))).infoID).toBe('RPT002');
    expect((await ledger(demo1, slash(today - 366), slash(today))).infoID).toBe('RPT003');
    expect((await ledger(demo1, isoDate(today), slash(today))).infoID).toBe('EGN001');
    expect((await note(demo1, slash(today + 1))).infoID).toBe('RPT001');
    expect((await note(demo1, '31/02/2024')).infoID).toBe('EGN001');
    for (const path of ['/Report/CapitalGLReport', '/Report/GainSummary']) {
      expect((await t.call(path, { financialYear: '2017-2018' }, { cookie: demo1 })).infoID).toBe('RPT004');
      expect((await t.call(path, { financialYear: '2099-2100' }, { cookie: demo1 })).infoID).toBe('RPT004');
    }
  });

  describe('after DEMO1 buys 5 INFY, sells 10 RELIANCE held before the records, and trades 2 INFY intraday', () => {
    const orders: string[] = [];
    let before: number;
    beforeAll(async () => {
      before = await balanceOf(client1);
      orders.push(await place({ symbol: 'INFY-EQ', qty: '5' }));
      orders.push(await place({ symbol: 'RELIANCE-EQ', qty: '10', ordAction: 'sell' }));
      orders.push(await place({ symbol: 'INFY-EQ', qty: '2', prdType: 'INTRADAY' }));
      orders.push(await place({ symbol: 'INFY-EQ', qty: '2', prdType: 'INTRADAY', ordAction: 'sell' }));
    });

    it('lists every trade of the day in the contract note with the charges the fill recorded, and exact totals', async () => {
      const answer = await note(demo1, slash(today));
      expect(answer.infoID, answer.infoMsg).toBe('0');
      const cn = answer.data;
      expect(cn).toMatchObject({ userId: 'DEMO1', tradeDate: slash(today) });
      expect(cn.pan).toMatch(/^X{6}[A-Z0-9]{4}$/);
      expect(cn.contractNoteNo).not.toBe('');
      const { rows } = await t.db.query<{ qty: number; value: number; charges: Record<string, number>; side: string }>(
        `SELECT t.quantity AS qty, t.quantity * t.price AS value, t.charges_detail AS charges, t.side
           FROM trades t WHERE t.client_id = $1 ORDER BY t.traded_at, t.id`,
        [client1],
      );
      expect(cn.trades).toHaveLength(rows.length);
      expect(new Set(cn.trades.map((r) => r.orderNo))).toEqual(new Set(orders));
      cn.trades.forEach((row, i) => {
        const db = rows[i]!;
        expect(paise(row.value)).toBe(db.value);
        expect(paise(row.brokerage)).toBe(db.charges.brokerage);
        expect(paise(row.stt)).toBe(db.charges.stt);
        expect(paise(row.gst)).toBe(db.charges.gstOnBrokerage);
        expect(paise(row.stampDuty)).toBe(db.charges.stampDuty);
        const charges = CHARGES.reduce((s, k) => s + paise(row[k]), 0);
        expect(charges).toBe(db.charges.total);
        expect(paise(row.netAmount)).toBe(row.side === 'BUY' ? -(db.value + charges) : db.value - charges);
      });
      for (const key of ['value', ...CHARGES, 'netAmount'] as const) {
        expect(paise(cn.totals[key])).toBe(cn.trades.reduce((s, r) => s + paise(r[key]), 0));
      }
      // Equity delivery pays STT on both sides; a sale pays no stamp duty.
      expect(paise(cn.totals.stt)).toBeGreaterThan(0);
      expect(cn.trades.filter((r) => r.side === 'SELL').every((r) => r.stampDuty === '0.00')).toBe(true);
    });

    it("lists the trades of a period with the same lines and totals as the day's contract note", async () => {
      const register = await t.call<{
        trades: (ContractNote['trades'][number] & { tradeDate: string })[];
        totals: ContractNote['totals'];
      }>('/Reports/TradeRegister', { fromDate: slash(today - 30), toDate: slash(today) }, { cookie: demo1 });
      expect(register.infoID, register.infoMsg).toBe('0');
      const day = (await note(demo1, slash(today))).data;
      expect(day.trades.length).toBeGreaterThanOrEqual(4);
      expect(register.data.trades.every((r) => r.tradeDate === slash(today))).toBe(true);
      expect(register.data.trades.map(({ tradeDate: _day, ...line }) => line)).toEqual(day.trades);
      expect(register.data.totals).toEqual(day.totals);
      const before = await t.call<{ trades: unknown[] }>(
        '/Reports/TradeRegister',
        { fromDate: slash(today - 30), toDate: slash(today - 1) },
        { cookie: demo1 },
      );
      expect(before.data.trades).toEqual([]);
      const other = await t.call<{ trades: { orderNo: string }[] }>(
        '/Reports/TradeRegister',
        { fromDate: slash(today - 30), toDate: slash(today) },
        { cookie: demo2 },
      );
      expect(other.data.trades.filter((r) => orders.includes(r.orderNo))).toEqual([]);
      expect(
        (
          await t.call(
            '/Reports/TradeRegister',
            { fromDate: slash(today), toDate: slash(today - 1) },
            { cookie: demo1 },
          )
        ).infoID,
      ).toBe('RPT002');
    });

    it("answers another client's day without DEMO1's trades", async () => {
      const answer = await note(demo2, slash(today));
      expect(answer.infoID).toBe('0');
      expect(answer.data.userId).toBe('DEMO2');
      expect(answer.data.trades.filter((r) => orders.includes(r.orderNo))).toEqual([]);
    });

    it('walks the ledger from the opening balance through each entry to the balance on the funds row', async () => {
      const answer = await ledger(demo1, slash(today - 10), slash(today));
      expect(answer.infoID, answer.infoMsg).toBe('0');
      const l = answer.data;
      const { rows } = await t.db.query<{ amount_paise: number }>(
        'SELECT amount_paise FROM ledger_entries WHERE client_id = $1 ORDER BY created_at, id',
        [client1],
      );
      expect(l.entries).toHaveLength(rows.length);
      expect(paise(l.openingBalance)).toBe(before);
      let running = before;
      l.entries.forEach((e, i) => {
        running += rows[i]!.amount_paise;
        expect(paise(e.credit) - paise(e.debit)).toBe(rows[i]!.amount_paise);
        expect(paise(e.balance)).toBe(running);
      });
      expect(paise(l.closingBalance)).toBe(await balanceOf(client1));
      expect(paise(l.closingBalance)).toBe(before + paise(l.totalCredit) - paise(l.totalDebit));
      // A period ending yesterday holds none of today's entries and closes where today opened.
      const earlier = await ledger(demo1, slash(today - 10), slash(today - 1));
      expect(earlier.data.entries).toEqual([]);
      expect(paise(earlier.data.closingBalance)).toBe(before);
    });

    it("matches the year's sales FIFO: the RELIANCE held before the records is long term at its cost, intraday speculative", async () => {
      const fy = fyOf(today);
      const answer = await t.call<{ lots: GainLotRow[]; financialYears: string[] }>(
        '/Report/CapitalGLReport',
        { financialYear: fy },
        { cookie: demo1 },
      );
      expect(answer.infoID, answer.infoMsg).toBe('0');
      expect(answer.data.financialYears[0]).toBe(fy);
      expect(answer.data.financialYears).toContain('2018-2019');
      const reliance = answer.data.lots.filter((l) => l.symbol === 'RELIANCE');
      expect(reliance.reduce((s, l) => s + l.quantity, 0)).toBe(10);
      // Seeded as bought on 12/06/2023 at Rs 1,412.35 (the opening lot).
      expect(reliance.every((l) => l.term === 'LONG' && l.buyDate === '12/06/2023')).toBe(true);
      expect(reliance.reduce((s, l) => s + paise(l.buyValue), 0)).toBe(10 * 141_235);
      expect(reliance.reduce((s, l) => s + paise(l.sellValue), 0)).toBe(await tradedValueOf(orders[1]!));
      const infy = answer.data.lots.filter((l) => l.symbol === 'INFY');
      expect(infy.map((l) => [l.term, l.buyDate, l.sellDate])).toEqual(
        infy.map(() => ['SPECULATIVE', slash(today), slash(today)]),
      );
      expect(infy.reduce((s, l) => s + l.quantity, 0)).toBe(2);

      const summary = await t.call<{ totals: GainTotalRow[]; bySymbol: (GainTotalRow & { symbol: string })[] }>(
        '/Report/GainSummary',
        { financialYear: fy },
        { cookie: demo1 },
      );
      expect(summary.infoID).toBe('0');
      const total = (term: string) => summary.data.totals.find((x) => x.term === term)!;
      expect(paise(total('LONG').gain)).toBe(reliance.reduce((s, l) => s + paise(l.gain), 0));
      expect(paise(total('SPECULATIVE').gain)).toBe(infy.reduce((s, l) => s + paise(l.gain), 0));
      expect(total('SHORT').gain).toBe('0.00');
      expect(summary.data.bySymbol.map((r) => [r.symbol, r.term])).toEqual([
        ['INFY', 'SPECULATIVE'],
        ['RELIANCE', 'LONG'],
      ]);
      // The previous year has no sales at all.
      const last = await t.call<{ lots: GainLotRow[] }>(
        '/Report/CapitalGLReport',
        { financialYear: fyOf(today - 366) },
        { cookie: demo1 },
      );
      expect(last.data.lots).toEqual([]);
    });
  });

  it('realises an intraday short sale only when it is covered, not against the delivery holding of the same stock', async () => {
    const fy = fyOf(today);
    const tcsLots = async () =>
      (
        await t.call<{ lots: GainLotRow[] }>('/Report/CapitalGLReport', { financialYear: fy }, { cookie: demo1 })
      ).data.lots.filter((l) => l.symbol === 'TCS');
    // DEMO1 holds 20 TCS for delivery (seed); the intraday sale is a short, whatever the demat holds.
    const short = await place({ symbol: 'TCS-EQ', qty: '2', prdType: 'INTRADAY', ordAction: 'sell' });
    expect(await tcsLots()).toEqual([]);
    const cover = await place({ symbol: 'TCS-EQ', qty: '2', prdType: 'INTRADAY' });
    const [sold, bought] = [await tradedValueOf(short), await tradedValueOf(cover)];
    const lots = await tcsLots();
    expect(lots.map((l) => [l.term, l.quantity, paise(l.sellValue), paise(l.buyValue), paise(l.gain)])).toEqual([
      ['SPECULATIVE', 2, sold, bought, sold - bought],
    ]);
    expect([lots[0]!.sellDate, lots[0]!.buyDate]).toEqual([slash(today), slash(today)]);
  });
  it('sells the INFY held before the records first (FIFO), before the 5 bought today, today and after end of day', async () => {
    const fy = fyOf(today);
    const deliveryInfy = async () =>
      (
        await t.call<{ lots: GainLotRow[] }>('/Report/CapitalGLReport', { financialYear: fy }, { cookie: demo1 })
      ).data.lots.filter((l) => l.symbol === 'INFY' && l.term !== 'SPECULATIVE');
    // DEMO1 held 40 INFY at Rs 1480.10 before the records (seeded as bought on 19/02/2024) and bought 5 today (above).
    const sold = await place({ symbol: 'INFY-EQ', qty: '2', ordAction: 'sell' });
    expect(
      (await deliveryInfy()).map((l) => [l.term, l.quantity, l.buyDate, paise(l.buyValue), paise(l.sellValue)]),
    ).toEqual([['LONG', 2, '19/02/2024', 2 * 148_010, await tradedValueOf(sold)]]);
    // End of day settles today's net 3 into the holding (43 shares, their average blended): still 40 of them were
    // held before the records, at what they cost.
    await endOfDay(t.app, t.app.oms);
    await place({ symbol: 'INFY-EQ', qty: '39', ordAction: 'sell' });
    expect((await deliveryInfy()).map((l) => [l.term, l.quantity, l.buyDate, paise(l.buyValue)])).toEqual([
      ['LONG', 2, '19/02/2024', 2 * 148_010],
      ['LONG', 38, '19/02/2024', 38 * 148_010],
      ['SHORT', 1, slash(today), expect.any(Number)],
    ]);
  });
});
