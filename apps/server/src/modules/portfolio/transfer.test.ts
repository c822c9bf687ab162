import type { PositionRow } from '@kite/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { applyTrade, clientIdOf, instrument, nseEquity } from './portfolio-test-support.ts';

type Transfer = { result: { status: string; message: string } };

describe('TransferPosition and TransferLogs (trading.md 4.8, 5.4, 7)', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  let demo1Id: number;
  let demo2Id: number;

  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
    demo1Id = await clientIdOf(t.db, 'DEMO1');
    demo2Id = await clientIdOf(t.db, 'DEMO2');
  });
  afterAll(async () => t.close());

  const positionsOf = async (cookie: string, tab = 'equity') =>
    (
      await t.call<{ positions: PositionRow[] }>(
        '/Account/NetPositions',
        { tab, filters: [{ key: 'positionDay', value: 'all' }] },
        { cookie },
      )
    ).data.positions;
  const funds = async (clientId: number) =>
    (
      await t.db.query<{ used: number; ledger: number }>(
        'SELECT used_margin_paise AS used, ledger_balance_paise AS ledger FROM client_funds WHERE client_id = $1',
        [clientId],
      )
    ).rows[0]!;
  const transfer = (
    cookie: string,
    sym: unknown,
    qty: number | string,
    fromPOS: string,
    toPOS: string,
    ordAction: string,
  ) => t.call<Transfer>('/Account/TransferPosition', { sym, qty, fromPOS, toPOS, ordAction }, { cookie });

  it('checks the quantity, target product and side with the spec messages, changing nothing', async () => {
    const tcs = nseEquity(t, 'TCS');
    await applyTrade(t.db, demo1Id, tcs, 'INTRADAY', 'BUY', 6, 300_000);
    const sym = (await positionsOf(demo1)).find((p) => p.uniqueId === tcs.id)!.sym;
    const before = await positionsOf(demo1);

    expect((await transfer(demo1, sym, 7, 'INTRADAY', 'CASH', 'buy')).data.result).toEqual({
      status: 'false',
      message: 'Quantity should be lesser than 6',
    });
    expect((await transfer(demo1, sym, 0, 'INTRADAY', 'CASH', 'buy')).data.result).toEqual({
      status: 'false',
      message: 'Quantity should be greater than 0',
    });
    expect((await transfer(demo1, sym, 'x', 'INTRADAY', 'CASH', 'buy')).data.result.message).toBe(
      'Quantity should be greater than 0',
    );
    expect((await transfer(demo1, sym, 2, 'INTRADAY', 'MARGIN', 'buy')).data.result).toEqual({
      status: 'false',
      message: 'A INTRADAY position can only be transferred to CASH',
    });
    expect((await transfer(demo1, sym, 2, 'INTRADAY', 'CASH', 'sell')).data.result.status).toBe('false');
    expect((await transfer(demo1, sym, 2, 'CASH', 'INTRADAY', 'buy')).data.result).toEqual({
      status: 'false',
      message: 'No open position in this product to transfer',
    });
    expect(await positionsOf(demo1)).toEqual(before);
  });

  it('moves quantity and exact value to CASH the way a delivery fill books it: margin released, money debited', async () => {
    const tcs = nseEquity(t, 'TCS');
    const sym = (await positionsOf(demo1)).find((p) => p.uniqueId === tcs.id)!.sym;
    await t.db.query(
      "UPDATE positions SET margin_paise = 360000 WHERE client_id = $1 AND instrument_id = $2 AND product = 'INTRADAY'",
      [demo1Id, tcs.id],
    );
    await t.db.query('UPDATE client_funds SET used_margin_paise = used_margin_paise + 360000 WHERE client_id = $1', [
      demo1Id,
    ]);
    const before = await funds(demo1Id);
    const answer = await transfer(demo1, sym, 4, 'INTRADAY', 'CASH', 'buy');
    expect(answer.infoID).toBe('0');
    expect(answer.data.result).toEqual({ status: 'true', message: '4 transferred from INTRADAY to CASH' });

    const rows = (await positionsOf(demo1)).filter((p) => p.uniqueId === tcs.id);
    expect(rows.map((r) => [r.prdType, r.netQty, r.avgPrice])).toEqual(
      expect.arrayContaining([
        ['INTRADAY', 2, '3000.00'],
        ['CASH', 4, '3000.00'],
      ]),
    );
    // 4 of 6 leave INTRADAY: 4/6 of its margin is released; CASH holds none and the 4 x 3000 is debited
    const after = await funds(demo1Id);
    expect(before.used - after.used).toBe(240_000);
    expect(before.ledger - after.ledger).toBe(1_200_000);
    const { rows: held } = await t.db.query<{ product: string; margin_paise: number }>(
      'SELECT product, margin_paise FROM positions WHERE client_id = $1 AND instrument_id = $2 ORDER BY product',
      [demo1Id, tcs.id],
    );
    expect(held).toEqual([
      { product: 'CASH', margin_paise: 0 },
      { product: 'INTRADAY', margin_paise: 120_000 },
    ]);
    const ledger = await t.call<{ entries: { narration: string; debit: string }[] }>(
      '/Account/LedgerBalance',
      {},
      { cookie: demo1 },
    );
    expect(ledger.data.entries.at(-1)).toMatchObject({
      narration: 'Position transfer 4 TCS INTRADAY to CASH',
      debit: '12000.00',
    });

    // and back: CASH -> INTRADAY gives the money back and holds the intraday margin at the live price
    const back = await transfer(demo1, sym, 4, 'CASH', 'INTRADAY', 'buy');
    expect(back.data.result.status).toBe('true');
    const end = await funds(demo1Id);
    expect(end.ledger).toBe(before.ledger);
    expect(end.used).toBeGreaterThan(after.used);

    const logs = await t.call<{
      transfers: { displaySym: string; qty: number; fromPOS: string; toPOS: string; status: string }[];
    }>('/Trade/TransferLogs', {}, { cookie: demo1 });
    // newest first
    expect(logs.data.transfers.slice(0, 2)).toMatchObject([
      { displaySym: 'TCS', qty: 4, fromPOS: 'CASH', toPOS: 'INTRADAY', status: 'SUCCESS' },
      { displaySym: 'TCS', qty: 4, fromPOS: 'INTRADAY', toPOS: 'CASH', status: 'SUCCESS' },
    ]);
    expect(
      (await t.call<{ transfers: unknown[] }>('/Trade/TransferLogs', {}, { cookie: demo2 })).data.transfers,
    ).toEqual([]);
  });

  it('refuses when the target product needs more margin than is available', async () => {
    const infy = nseEquity(t, 'INFY');
    await applyTrade(t.db, demo2Id, infy, 'INTRADAY', 'BUY', 500, 150_000);
    await t.db.query('UPDATE client_funds SET ledger_balance_paise = 100000 WHERE client_id = $1', [demo2Id]);
    const sym = (await positionsOf(demo2)).find((p) => p.uniqueId === infy.id)!.sym;
    const answer = await transfer(demo2, sym, 500, 'INTRADAY', 'CASH', 'buy');
    expect(answer.data.result).toEqual({ status: 'false', message: 'Insufficient margin to transfer this position' });
    expect((await positionsOf(demo2)).find((p) => p.uniqueId === infy.id)?.prdType).toBe('INTRADAY');
    expect((await funds(demo2Id)).used).toBe(0);
    await t.db.query('UPDATE client_funds SET ledger_balance_paise = 20000000 WHERE client_id = $1', [demo2Id]);
  });

  it('blocks an intraday sell to cash on a non-POA holding until e-DIS approves it', async () => {
    const sbin = nseEquity(t, 'SBIN');
    await applyTrade(t.db, demo2Id, sbin, 'INTRADAY', 'SELL', 10, 80_000);
    const sym = (await positionsOf(demo2)).find((p) => p.uniqueId === sbin.id)!.sym;
    expect((await transfer(demo2, sym, 10, 'INTRADAY', 'CASH', 'sell')).data.result).toEqual({
      status: 'false',
      message: 'You can not transfer from INTRADAY to Cash due to Non-POA holding stock',
    });
    const day = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    await t.db.query(
      `INSERT INTO edis_approvals (client_id, isin, symbol, exchange, request_no, quantity, status, trading_day, approved_at)
       VALUES ($1, $2, 'SBIN', 'NSE', 'test-approved-sbin', 10, 'APPROVED', $3::date, now())`,
      [demo2Id, sbin.isin, day],
    );
    expect((await transfer(demo2, sym, 10, 'INTRADAY', 'CASH', 'sell')).data.result.status).toBe('true');
    const logs = await t.call<{ transfers: { status: string }[] }>('/Trade/TransferLogs', {}, { cookie: demo2 });
    // newest first: this success, the non-POA refusal, the margin refusal of the test above
    expect(logs.data.transfers.map((l) => l.status)).toEqual(['SUCCESS', 'FAILED', 'FAILED']);
  });

  it('refuses to turn an intraday short into a delivery sell without the shares', async () => {
    const lt = nseEquity(t, 'LT');
    await applyTrade(t.db, demo1Id, lt, 'INTRADAY', 'SELL', 5, 365_000);
    const sym = (await positionsOf(demo1)).find((p) => p.uniqueId === lt.id)!.sym;
    expect((await transfer(demo1, sym, 5, 'INTRADAY', 'CASH', 'sell')).data.result).toEqual({
      status: 'false',
      message: 'Insufficient holdings to transfer this position to CASH',
    });
  });

  it('lets concurrent transfers of one position move no more than its net quantity', async () => {
    const hdfc = nseEquity(t, 'HDFCBANK');
    await applyTrade(t.db, demo1Id, hdfc, 'INTRADAY', 'BUY', 10, 95_000);
    const sym = (await positionsOf(demo1)).find((p) => p.uniqueId === hdfc.id)!.sym;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => transfer(demo1, sym, 4, 'INTRADAY', 'CASH', 'buy')),
    );
    expect(answers.filter((a) => a.data.result.status === 'true')).toHaveLength(2);
    const rows = (await positionsOf(demo1)).filter((p) => p.uniqueId === hdfc.id);
    expect(rows.map((r) => [r.prdType, r.netQty])).toEqual(
      expect.arrayContaining([
        ['INTRADAY', 2],
        ['CASH', 8],
      ]),
    );
    const { rows: values } = await t.db.query<{ total: number }>(
      'SELECT sum(buy_value)::bigint AS total FROM positions WHERE client_id = $1 AND instrument_id = $2',
      [demo1Id, hdfc.id],
    );
    expect(values[0]!.total).toBe(10 * 95_000);
  });

  it("checks F&O lots and never touches another client's position", async () => {
    const nifty = instrument(t, (i) => i.instr === 'FUTIDX' && i.symbol === 'NIFTY' && i.exc === 'NFO');
    await applyTrade(t.db, demo1Id, nifty, 'INTRADAY', 'BUY', 130, 2_500_000);
    const sym = (await positionsOf(demo1, 'fno')).find((p) => p.uniqueId === nifty.id)!.sym;
    expect((await transfer(demo1, sym, 100, 'INTRADAY', 'CARRY FORWARD', 'buy')).data.result.message).toBe(
      'Quantity should be multiple of 65',
    );
    // below one lot is the minimum rule's message (trading.md 5.4 order: minimum, multiple, net)
    expect((await transfer(demo1, sym, 30, 'INTRADAY', 'CARRY FORWARD', 'buy')).data.result.message).toBe(
      'Quantity should be greater than 0',
    );

    const other = await transfer(demo2, sym, 65, 'INTRADAY', 'CARRY FORWARD', 'buy');
    expect(other.data.result).toEqual({ status: 'false', message: 'No open position in this product to transfer' });
    expect((await positionsOf(demo1, 'fno')).find((p) => p.uniqueId === nifty.id)?.netQty).toBe(130);

    const usedBefore = (await funds(demo1Id)).used;
    expect((await transfer(demo1, sym, 65, 'INTRADAY', 'CARRY FORWARD', 'buy')).data.result.status).toBe('true');
    // futures hold SPAN + exposure in either product: the target's requirement is held for the moved lot
    const { rows: held } = await t.db.query<{ margin_paise: number }>(
      "SELECT margin_paise FROM positions WHERE client_id = $1 AND instrument_id = $2 AND product = 'CARRY FORWARD'",
      [demo1Id, nifty.id],
    );
    expect(held[0]!.margin_paise).toBeGreaterThan(0);
    expect((await funds(demo1Id)).used - usedBefore).toBe(held[0]!.margin_paise);
    const rows = (await positionsOf(demo1, 'fno')).filter((p) => p.uniqueId === nifty.id);
    expect(rows.map((r) => [r.prdType, r.netQty])).toEqual(
      expect.arrayContaining([
        ['INTRADAY', 65],
        ['CARRY FORWARD', 65],
      ]),
    );
    expect((await transfer(demo1, { ...sym, id: 'nope' }, 65, 'INTRADAY', 'CARRY FORWARD', 'buy')).infoID).toBe(
      'MKT001',
    );
  });
});
