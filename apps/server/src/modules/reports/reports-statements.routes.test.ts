import { inflateSync } from 'node:zlib';
import type { BackOfficeReport, ContractNote, DownloadFile, GainTotalRow, SegmentReport } from '@kite/domain';
import { groupIndian, reportsText } from '@kite/domain';
import { isoDate, istDay } from '@kite/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { clientIdOf } from '../portfolio/portfolio-test-support.ts';
import { orderPayload, orderRow, symOf } from '../trade/order-test-support.ts';
import { nearestContract } from '../../test/contracts.ts';
import type { TestApp } from '../../test/harness.ts';

/** Paise of a decimal rupee text, exactly. */
const paise = (text: string): number => {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return text.startsWith('-') ? -value : value;
};
const CHARGES = ['brokerage', 'stt', 'transactionCharge', 'gst', 'sebiFee', 'stampDuty'] as const;

/** The text a PDF shows: every content stream inflated, each TJ / Tj operand's hex or literal string decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const shown: string[] = [];
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a deflated stream (fonts, images)
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)) {
      const hex = op[1] ? [...op[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => h[1]!).join('') : op[2]!;
      shown.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return shown.join('\n');
}

describe('back-office, segment and PDF reports over real orders, trades and ledger entries (investing.md 2, 7)', () => {
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
  const backOffice = (cookie: string, year: 'current' | 'previous') =>
    t.call<BackOfficeReport>('/Reports/BackOfficeReport', { year }, { cookie });
  const segmentReport = (cookie: string, segment: 'equity' | 'fno', from = today - 30, to = today) =>
    t.call<SegmentReport>('/Reports/SegmentReport', { segment, fromDate: slash(from), toDate: slash(to) }, { cookie });
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

  it('refuses every new call without a session (EGN006)', async () => {
    for (const path of ['/Reports/BackOfficeReport', '/Reports/SegmentReport', '/Reports/downloadPDF']) {
      expect((await t.call(path, {})).infoID, path).toBe('EGN006');
    }
  });

  it('shows a year without trades as zeros, the ledger opening and closing at the balance', async () => {
    const answer = await backOffice(demo1, 'current');
    expect(answer.infoID, answer.infoMsg).toBe('0');
    const r = answer.data;
    expect(r.financialYear).toBe(fyOf(today));
    expect(r.fromDate).toBe(`01/04/${fyOf(today).slice(0, 4)}`);
    expect(r.toDate).toBe(slash(today));
    expect(r.segments.map((s) => s.segment)).toEqual([
      'equityDelivery',
      'equityIntraday',
      'fno',
      'currency',
      'commodity',
    ]);
    expect(r.totals).toMatchObject({ trades: 0, turnover: '0.00', totalCharges: '0.00', realisedPnl: '0.00' });
    expect(paise(r.ledger.openingBalance)).toBe(await balanceOf(client1));
    expect(r.ledger.closingBalance).toBe(r.ledger.openingBalance);
  });

  it('refuses bad input with the rule broken and answers nothing for a day without trades', async () => {
    expect((await t.call('/Reports/BackOfficeReport', { year: '2024-2025' }, { cookie: demo1 })).infoID).toBe('EGN001');
    expect((await t.call('/Reports/SegmentReport', { segment: 'currency' }, { cookie: demo1 })).infoID).toBe('EGN001');
    expect((await segmentReport(demo1, 'equity', today, today - 1)).infoID).toBe('RPT002');
    expect((await segmentReport(demo1, 'fno', today - 400, today)).infoID).toBe('RPT003');
    const pdf = (day: string, cookie = demo1) => t.call('/Reports/downloadPDF', { tradeDate: day }, { cookie });
    expect((await pdf(slash(today + 1))).infoID).toBe('RPT001');
    expect((await pdf('31/02/2024')).infoID).toBe('EGN001');
    expect(await pdf(slash(today))).toMatchObject({
      infoID: 'RPT005',
      infoMsg: 'No trades on this day, so there is no contract note.',
    });
  });

  describe('after a pay-in, delivery and intraday equity trades, and a NIFTY future bought and sold', () => {
    const orders: string[] = [];
    let before: number;
    let futureSymbol: string;
    const place = async (exc: 'NSE' | 'NFO', trSymbol: string, fields: Record<string, unknown>) => {
      const placed = await t.call<{ orderId: string }>(
        '/Trade/AddOrder',
        orderPayload(symOf(t, exc, trSymbol), { ordType: 'market', ...fields }),
        { cookie: demo1 },
      );
      expect(placed.infoID, placed.infoMsg).toBe('0');
      expect((await orderRow(t, placed.data.orderId)).status).toBe('EXECUTED');
      orders.push(placed.data.orderId);
    };

    beforeAll(async () => {
      before = await balanceOf(client1);
      const bank = (
        await t.call<{ banks: { bankId: string }[] }>('/FundTransfer/GetBankDetails', {}, { cookie: demo1 })
      ).data.banks[0]!;
      const payIn = await t.call<{ atomTokenID: string; merchID: string }>(
        '/FundTransfer/PlacePayInRequest',
        { bankId: bank.bankId, mode: 'UPI', amount: '1000.00' },
        { cookie: demo1, headers: { 'x-app-id': 'reports-test' } },
      );
      expect(payIn.infoID, payIn.infoMsg).toBe('0');
      const done = await t.call('/PaymentGateway/Complete', {
        atomTokenID: payIn.data.atomTokenID,
        merchID: payIn.data.merchID,
        outcome: 'pay',
      });
      expect(done.infoID, done.infoMsg).toBe('0');
      await place('NSE', 'INFY-EQ', { qty: '5' });
      await place('NSE', 'RELIANCE-EQ', { qty: '10', ordAction: 'sell' });
      await place('NSE', 'INFY-EQ', { qty: '2', prdType: 'INTRADAY' });
      await place('NSE', 'INFY-EQ', { qty: '2', prdType: 'INTRADAY', ordAction: 'sell' });
      const future = nearestContract(t.app.marketRuntime.market, 'NFO', 'NIFTY', 'FUTIDX');
      futureSymbol = future.trSymbol;
      await place('NFO', future.trSymbol, { qty: String(future.lot), prdType: 'CARRY FORWARD' });
      await place('NFO', future.trSymbol, { qty: String(future.lot), prdType: 'CARRY FORWARD', ordAction: 'sell' });
    });

    it("sums each segment's turnover and charges from the trades, its realised P&L as Gain Summary and the ledger book it", async () => {
      const answer = await backOffice(demo1, 'current');
      expect(answer.infoID, answer.infoMsg).toBe('0');
      const r = answer.data;
      const seg = (name: string) => r.segments.find((s) => s.segment === name)!;
      const { rows } = await t.db.query<{
        segment: string;
        product: string;
        turnover: number;
        charges: Record<string, number>;
      }>(
        `SELECT o.segment, t.product, (t.charges_detail->>'turnover')::bigint AS turnover, t.charges_detail AS charges
           FROM trades t JOIN orders o ON o.id = t.order_id WHERE t.client_id = $1`,
        [client1],
      );
      const of = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test);
      const groups = {
        equityDelivery: of((x) => x.segment === 'equity' && x.product === 'CASH'),
        equityIntraday: of((x) => x.segment === 'equity' && x.product === 'INTRADAY'),
        fno: of((x) => x.segment === 'fno'),
      };
      for (const [name, group] of Object.entries(groups)) {
        expect(group.length, name).toBeGreaterThan(0);
        expect(seg(name).trades, name).toBe(group.length);
        expect(paise(seg(name).turnover), name).toBe(group.reduce((s, x) => s + x.turnover, 0));
        expect(paise(seg(name).totalCharges), name).toBe(group.reduce((s, x) => s + x.charges.total!, 0));
      }
      expect(seg('currency').trades + seg('commodity').trades).toBe(0);
      // Charges by component add up to the day's contract note.
      const note = (
        await t.call<ContractNote>('/Reports/DigitalContract', { tradeDate: slash(today) }, { cookie: demo1 })
      ).data;
      for (const key of CHARGES) expect(paise(r.totals[key]), key).toBe(paise(note.totals[key]));
      // Equity realised P&L is Gain Summary's: long and short term delivery, speculative intraday.
      const summary = await t.call<{ totals: GainTotalRow[] }>(
        '/Report/GainSummary',
        { financialYear: fyOf(today) },
        { cookie: demo1 },
      );
      const gain = (term: string) => paise(summary.data.totals.find((x) => x.term === term)!.gain);
      expect(paise(seg('equityDelivery').realisedPnl)).toBe(gain('LONG') + gain('SHORT'));
      expect(paise(seg('equityIntraday').realisedPnl)).toBe(gain('SPECULATIVE'));
      // F&O: what the order path booked for the closed future, the position's realised P&L.
      const position = await t.db.query<{ realised: number }>(
        `SELECT realised_paise AS realised FROM positions WHERE client_id = $1 AND segment = 'fno'`,
        [client1],
      );
      expect(paise(seg('fno').realisedPnl)).toBe(position.rows.reduce((s, p) => s + p.realised, 0));
      expect(paise(seg('fno').netPnl)).toBe(paise(seg('fno').realisedPnl) - paise(seg('fno').totalCharges));
      for (const key of ['turnover', 'totalCharges', 'realisedPnl', 'netPnl'] as const) {
        expect(paise(r.totals[key]), key).toBe(r.segments.reduce((s, x) => s + paise(x[key]), 0));
      }
      // The ledger: opening + pay-in - pay-out + the rest = closing = the funds row.
      expect(paise(r.ledger.openingBalance)).toBe(before);
      expect(r.ledger.payIn).toBe('1000.00');
      expect(r.ledger.payOut).toBe('0.00');
      expect(paise(r.ledger.closingBalance)).toBe(await balanceOf(client1));
      expect(
        paise(r.ledger.openingBalance) + paise(r.ledger.payIn) - paise(r.ledger.payOut) + paise(r.ledger.otherEntries),
      ).toBe(paise(r.ledger.closingBalance));
    });

    it('shows the previous year without any of this year’s trades, closing where this year opened', async () => {
      const answer = await backOffice(demo1, 'previous');
      expect(answer.infoID, answer.infoMsg).toBe('0');
      expect(answer.data.financialYear).toBe(fyOf(today - 366));
      expect(answer.data.toDate).toBe(`31/03/${fyOf(today).slice(0, 4)}`);
      expect(answer.data.totals.trades).toBe(0);
      expect(paise(answer.data.ledger.closingBalance)).toBe(before);
    });

    it('answers another client without any of DEMO1’s trades or money', async () => {
      const other = await backOffice(demo2, 'current');
      expect(other.data.totals.trades).toBe(0);
      expect(other.data.ledger.payIn).toBe('0.00');
      const segment = await segmentReport(demo2, 'equity');
      expect(segment.data.trades.filter((x) => orders.includes(x.orderNo))).toEqual([]);
      expect((await t.call('/Reports/downloadPDF', { tradeDate: slash(today) }, { cookie: demo2 })).infoID).toBe(
        'RPT005',
      );
    });

    it("lists the equity segment's trades and realised P&L per security, FIFO as Capital Gain", async () => {
      const answer = await segmentReport(demo1, 'equity');
      expect(answer.infoID, answer.infoMsg).toBe('0');
      const r = answer.data;
      expect(r.trades.every((x) => x.exchange === 'NSE')).toBe(true);
      expect(r.trades).toHaveLength(4);
      const infy = r.securities.find((s) => s.symbol === 'INFY')!;
      const reliance = r.securities.find((s) => s.symbol === 'RELIANCE')!;
      expect(r.securities.map((s) => s.symbol)).toEqual(['INFY', 'RELIANCE']);
      expect(infy).toMatchObject({ buyQty: 7, sellQty: 2 });
      expect(reliance).toMatchObject({ buyQty: 0, sellQty: 10, buyValue: '0.00' });
      const lots = await t.call<{ lots: { symbol: string; gain: string }[] }>(
        '/Report/CapitalGLReport',
        { financialYear: fyOf(today) },
        { cookie: demo1 },
      );
      for (const s of [infy, reliance]) {
        const gains = lots.data.lots.filter((l) => l.symbol === s.symbol).reduce((sum, l) => sum + paise(l.gain), 0);
        expect(paise(s.realisedPnl), s.symbol).toBe(gains);
      }
      const charges = r.trades.reduce((s, x) => s + CHARGES.reduce((c, k) => c + paise(x[k]), 0), 0);
      expect(paise(r.totals.charges)).toBe(charges);
      expect(paise(r.totals.turnover)).toBe(r.trades.reduce((s, x) => s + paise(x.value), 0));
      expect(paise(r.totals.netPnl)).toBe(paise(r.totals.realisedPnl) - charges);
      // A period before today holds nothing.
      expect((await segmentReport(demo1, 'equity', today - 30, today - 1)).data).toMatchObject({
        trades: [],
        securities: [],
      });
    });

    it("lists the F&O segment's contract with its booked realised P&L", async () => {
      const answer = await segmentReport(demo1, 'fno');
      expect(answer.infoID, answer.infoMsg).toBe('0');
      const r = answer.data;
      expect(r.trades).toHaveLength(2);
      expect(r.trades.every((x) => x.exchange === 'NFO')).toBe(true);
      expect(r.securities).toHaveLength(1);
      const [contract] = r.securities;
      expect(contract!.buyQty).toBe(contract!.sellQty);
      expect(r.trades[0]!.symbol).toBe(contract!.symbol);
      const back = (await backOffice(demo1, 'current')).data.segments.find((s) => s.segment === 'fno')!;
      expect(contract!.realisedPnl).toBe(back.realisedPnl);
      expect(futureSymbol).not.toBe('');
    });

    it("downloads the day's contract note as a PDF that holds the note's numbers", async () => {
      const answer = await t.call<DownloadFile>('/Reports/downloadPDF', { tradeDate: slash(today) }, { cookie: demo1 });
      expect(answer.infoID, answer.infoMsg).toBe('0');
      expect(answer.data.contentType).toBe('application/pdf');
      expect(answer.data.fileName).toBe(`contract-note-${isoDate(today).replaceAll('-', '')}.pdf`);
      const pdf = Buffer.from(answer.data.base64, 'base64');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
      const text = pdfText(pdf);
      const note = (
        await t.call<ContractNote>('/Reports/DigitalContract', { tradeDate: slash(today) }, { cookie: demo1 })
      ).data;
      expect(text).toContain(note.contractNoteNo);
      expect(text).toContain(note.pan);
      expect(text).not.toContain(
        (await t.db.query<{ pan: string }>('SELECT pan FROM clients WHERE id = $1', [client1])).rows[0]!.pan,
      );
      expect(text).toContain(reportsText.contractNote.columns.product);
      expect(new Set(note.trades.map((trade) => trade.product))).toEqual(
        new Set(['CASH', 'INTRADAY', 'CARRY FORWARD']),
      );
      for (const trade of note.trades) {
        expect(text).toContain(trade.orderNo);
        expect(text).toContain(trade.product);
        expect(text).toContain(groupIndian(trade.netAmount));
      }
      for (const key of ['value', ...CHARGES, 'netAmount'] as const)
        expect(text).toContain(groupIndian(note.totals[key]));
    });
  });
});
