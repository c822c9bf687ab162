import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BasketLine, type BasketLogLine, platformText, tradingText } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { basketLinePayload } from './basket-test-support.ts';
import { nearestContract } from '../../test/contracts.ts';

const text = tradingText.basket;

describe('/Basket/*', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;

  const call = <T>(cookie: string, path: string, data: unknown) => t.call<T>(`/Basket/${path}`, data, { cookie });
  const sym = (exchange: string, trSymbol: string) => {
    const found = t.app.marketRuntime.market.registry.bySymbol(exchange as 'NSE', trSymbol);
    if (!found) throw new Error(`no ${trSymbol}`);
    return symbolObjectOf(found);
  };
  const item = (basketId: string, overrides: Record<string, unknown> = {}) =>
    basketLinePayload(sym('NSE', 'SBIN-EQ'), basketId, overrides);
  const create = async (cookie: string, name: string) => {
    const answer = await call<{ id: string; message: string }>(cookie, 'AddBasket', { name });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.id;
  };
  const lines = async (cookie: string, id: string) =>
    (await call<{ data: BasketLine[] }>(cookie, 'GetBasketSymbolList', { id })).data.data;
  const counts = async () => {
    const { rows } = await t.db.query<{ b: number; l: number }>(
      'SELECT (SELECT count(*)::int FROM baskets) AS b, (SELECT count(*)::int FROM basket_lines) AS l',
    );
    return rows[0];
  };

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  it('creates, lists, renames and deletes baskets, each answer with its message', async () => {
    expect((await call<{ data: unknown[] }>(demo1, 'GetBasketList', { status: 'N' })).data.data).toEqual([]);
    const first = await create(demo1, 'Morning longs for the week');
    const second = await create(demo1, 'Hedges');
    const list = await call<{ data: { id: string; name: string }[] }>(demo1, 'GetBasketList', { status: 'N' });
    expect(list.data.data).toEqual([
      { id: first, name: 'Morning longs for the week' },
      { id: second, name: 'Hedges' },
    ]);

    const renamed = await call<{ message: string }>(demo1, 'RenameBasket', { id: first, name: 'Longs' });
    expect(renamed.infoID, renamed.infoMsg).toBe('0');
    expect(renamed.data.message).toBe(text.renamed);
    const deleted = await call<{ message: string }>(demo1, 'DeleteBasket', { id: Number(second) });
    expect(deleted.infoID, deleted.infoMsg).toBe('0');
    const after = await call<{ data: { id: string; name: string }[] }>(demo1, 'GetBasketList', {});
    expect(after.data.data).toEqual([{ id: first, name: 'Longs' }]);
    await call(demo1, 'DeleteBasket', { id: first });
  });

  it('allows 200 characters on create and refuses 201, a blank name and a duplicate; nothing is stored', async () => {
    const before = await counts();
    const long = 'B'.repeat(201);
    const tooLong = await call(demo1, 'AddBasket', { name: long });
    expect(tooLong.infoID).toBe('EGN001');
    const blank = await call(demo1, 'AddBasket', { name: '   ' });
    expect(blank.infoID).toBe('BSK003');
    expect(blank.infoMsg).toBe(platformText.invalidInput);
    const id = await create(demo1, 'C'.repeat(200));
    const duplicate = await call(demo1, 'AddBasket', { name: 'c'.repeat(200) });
    expect(duplicate.infoID).toBe('BSK004');
    expect(duplicate.infoMsg).toBe(text.duplicateName);
    expect((await counts())!.b).toBe(before!.b + 1);
    await call(demo1, 'DeleteBasket', { id });
  });

  it('refuses a rename over 10 characters, blank or with # (trading.md 5.5) and keeps the name', async () => {
    const id = await create(demo1, 'Keep');
    for (const name of ['ElevenChars', '  ', 'ab#c']) {
      const answer = await call(demo1, 'RenameBasket', { id, name });
      expect(answer.infoID, name).toBe('BSK003');
      expect(answer.infoMsg.length).toBeGreaterThan(0);
    }
    const other = await create(demo1, 'Other');
    expect((await call(demo1, 'RenameBasket', { id, name: 'OTHER' })).infoID).toBe('BSK004');
    expect((await call(demo1, 'RenameBasket', { id, name: 'Ten chars!' })).infoID).toBe('0');
    const names = (await call<{ data: { name: string }[] }>(demo1, 'GetBasketList', {})).data.data.map((b) => b.name);
    expect(names).toEqual(['Ten chars!', 'Other']);
    await call(demo1, 'DeleteBasket', { id });
    await call(demo1, 'DeleteBasket', { id: other });
  });

  it('adds, lists, modifies and deletes lines with every field of trading.md 3', async () => {
    const id = await create(demo1, 'Lines');
    const added = await call<{ BASKET_SYMBOL_ID: string; message: string }>(demo1, 'AddBasketSymbol', item(id));
    expect(added.infoID, added.infoMsg).toBe('0');
    expect(added.data.message).toBe(text.symbolAdded);
    const future = sym('NFO', nearestContract(t.app.marketRuntime.market, 'NFO', 'NIFTY', 'FUTIDX').trSymbol);
    const secondAnswer = await call<{ BASKET_SYMBOL_ID: string }>(
      demo1,
      'AddBasketSymbol',
      item(id, {
        sym: future,
        qty: 130,
        limitPrice: '0',
        ordType: 'market',
        prdType: 'INTRADAY',
        ordAction: 'sell',
        ordDuration: 'IOC',
        triggerPrice: '25000.10',
        isinDp: 'false',
      }),
    );
    expect(secondAnswer.infoID, secondAnswer.infoMsg).toBe('0');

    const rows = await lines(demo1, id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      BASKET_SYMBOL_ID: added.data.BASKET_SYMBOL_ID,
      DISP_SYM: 'SBIN',
      EXCH_ID: 'NSE',
      EXCH_SEG: 'nse_cm',
      BUY_SELL_IND: 'BUY',
      SEGMENT_TYPE: 'CASH',
      LIMIT_PRICE: '800.05',
      QTY: 10,
      DISC_QTY: 0,
      TRIGGER_PRICE: '0.00',
      DAY_IOC_ORD: 'DAY',
      ORD_TYPE: 'LIMIT',
      ASSET_CLASS: 'EQUITY',
      SYMBOL: '1040',
      INST_TYPE: 'STK',
      OPT_TYPE: '',
      STRIKE_PRICE: '',
      EXPIRY_DATE: '',
      TR_EXCH: 'NSE',
      TR_SYMBOL: 'SBIN-EQ',
      XSYM: '1040_NSE',
      ISINDP: 'true',
    });
    expect(rows[1]).toMatchObject({
      EXCH_ID: 'NFO',
      BUY_SELL_IND: 'SELL',
      SEGMENT_TYPE: 'INTRADAY',
      LIMIT_PRICE: '0.00',
      QTY: 130,
      TRIGGER_PRICE: '25000.10',
      DAY_IOC_ORD: 'DAY', // a trigger forces Day validity (trading.md 4.1)
      ORD_TYPE: 'SL-M',
      INST_TYPE: 'FUTIDX',
      EXPIRY_DATE: future.expiry,
      ISINDP: 'false',
    });

    const modified = await call<{ message: string }>(
      demo1,
      'ModifyBasketSymbol',
      item(id, { uniqueId: added.data.BASKET_SYMBOL_ID, qty: '25', limitPrice: 801, ordAction: 'sell', disQty: '5' }),
    );
    expect(modified.infoID, modified.infoMsg).toBe('0');
    expect((await lines(demo1, id))[0]).toMatchObject({
      QTY: 25,
      LIMIT_PRICE: '801.00',
      BUY_SELL_IND: 'SELL',
      DISC_QTY: 5,
    });

    const one = await call<boolean>(demo1, 'DeleteBasketSymbols', { id: [added.data.BASKET_SYMBOL_ID] });
    expect(one.infoID).toBe('0');
    expect(one.data).toBe(true);
    expect(one.infoMsg).toBe(text.symbolDeleted);
    const a = await call<{ BASKET_SYMBOL_ID: string }>(demo1, 'AddBasketSymbol', item(id));
    const b = await call<{ BASKET_SYMBOL_ID: string }>(demo1, 'AddBasketSymbol', item(id));
    const many = await call<boolean>(demo1, 'DeleteBasketSymbols', {
      id: [a.data.BASKET_SYMBOL_ID, b.data.BASKET_SYMBOL_ID],
    });
    expect(many.data).toBe(true);
    expect(many.infoMsg).toBe(text.symbolsDeleted);
    expect((await lines(demo1, id)).map((l) => l.DISP_SYM)).toEqual([rows[1]!.DISP_SYM]);
    await call(demo1, 'DeleteBasket', { id });
  });

  it('validates each line with the order-entry rules before it is stored (trading.md 5.1)', async () => {
    const id = await create(demo1, 'Checks');
    const cases: [Record<string, unknown>, string][] = [
      [{ qty: '' }, tradingText.orderEntry.invalidQuantity],
      [{ qty: '0' }, tradingText.orderEntry.invalidQuantity],
      [{ limitPrice: '800.03' }, tradingText.orderEntry.priceTick('0.05')],
      [{ limitPrice: '0' }, tradingText.orderEntry.invalidPrice],
      [
        {
          sym: sym('NFO', nearestContract(t.app.marketRuntime.market, 'NFO', 'NIFTY', 'FUTIDX').trSymbol),
          qty: '10',
          prdType: 'CARRY FORWARD',
        },
        tradingText.orderEntry.quantityMultiple(65),
      ],
      [{ triggerPrice: '800.05' }, tradingText.orderEntry.stopLossEqualsPrice],
    ];
    for (const [overrides, message] of cases) {
      const answer = await call(demo1, 'AddBasketSymbol', item(id, overrides));
      expect(answer.infoID, JSON.stringify(overrides)).toBe('BSK007');
      expect(answer.infoMsg).toBe(message);
    }
    expect((await call(demo1, 'AddBasketSymbol', item(id, { prdType: 'CO' }))).infoID).toBe('BSK008');
    expect((await call(demo1, 'AddBasketSymbol', item(id, { ordDuration: 'VTD' }))).infoID).toBe('EGN001');
    const unknown = await call(
      demo1,
      'AddBasketSymbol',
      item(id, { sym: { ...sym('NSE', 'SBIN-EQ'), id: '99999999' } }),
    );
    expect(unknown.infoID).toBe('MKT001');
    expect(await lines(demo1, id)).toEqual([]);
    await call(demo1, 'DeleteBasket', { id });
  });

  it('refuses another client’s basket and lines in every call, and nothing changes', async () => {
    const id = await create(demo1, 'Mine');
    const line = await call<{ BASKET_SYMBOL_ID: string }>(demo1, 'AddBasketSymbol', item(id));
    const lineId = line.data.BASKET_SYMBOL_ID;
    const before = await counts();

    expect((await call(demo2, 'GetBasketSymbolList', { id })).infoID).toBe('EGN005');
    expect((await call(demo2, 'ExecutionLog', { id })).infoID).toBe('EGN005');
    expect((await call(demo2, 'RenameBasket', { id, name: 'Theirs' })).infoID).toBe('EGN005');
    expect((await call(demo2, 'DeleteBasket', { id })).infoID).toBe('EGN005');
    expect((await call(demo2, 'AddBasketSymbol', item(id))).infoID).toBe('EGN005');
    expect((await call(demo2, 'ModifyBasketSymbol', item(id, { uniqueId: lineId, qty: '1' }))).infoID).toBe('EGN005');
    const own = await create(demo2, 'Theirs');
    // Their own basket id with my line id is refused too.
    expect((await call(demo2, 'ModifyBasketSymbol', item(own, { uniqueId: lineId, qty: '1' }))).infoID).toBe('EGN005');
    expect((await call(demo2, 'DeleteBasketSymbols', { id: [lineId] })).infoID).toBe('EGN005');
    expect((await call(demo2, 'ExecuteBasket', { id })).infoID).toBe('EGN005');
    expect((await call<{ data: { id: string }[] }>(demo2, 'GetBasketList', {})).data.data.map((b) => b.id)).toEqual([
      own,
    ]);

    expect(await counts()).toEqual({ b: before!.b + 1, l: before!.l });
    expect(await lines(demo1, id)).toMatchObject([{ BASKET_SYMBOL_ID: lineId, QTY: 10 }]);
    const names = (await call<{ data: { name: string }[] }>(demo1, 'GetBasketList', {})).data.data.map((b) => b.name);
    expect(names).toEqual(['Mine']);
    await call(demo1, 'DeleteBasket', { id });
    await call(demo2, 'DeleteBasket', { id: own });
  });

  it("answers 'You don't have any basket.' and 'You don't have any symbol.' on execute (trading.md 5.5)", async () => {
    const none = await call(demo2, 'ExecuteBasket', { id: '1' });
    expect(none.infoID).toBe('BSK001');
    expect(none.infoMsg).toBe(text.noBaskets);
    const id = await create(demo2, 'Empty');
    const empty = await call(demo2, 'ExecuteBasket', { id });
    expect(empty.infoID).toBe('BSK002');
    expect(empty.infoMsg).toBe(text.noSymbols);
    expect((await call<{ data: unknown[] }>(demo2, 'GetBasketList', { status: 'Y' })).data.data).toEqual([]);
    await call(demo2, 'DeleteBasket', { id });
  });

  it('executes every line through the order path of AddOrder, records each result, and lists the basket in the log of today', async () => {
    const id = await create(demo1, 'Run');
    const market = { limitPrice: '0', ordType: 'market', qty: '1' };
    await call(demo1, 'AddBasketSymbol', item(id, market));
    await call(demo1, 'AddBasketSymbol', item(id, { ...market, sym: sym('NSE', 'INFY-EQ') }));
    // Refused by the OMS: far outside the daily price range, which is checked when placing, not when adding.
    await call(demo1, 'AddBasketSymbol', item(id, { limitPrice: '1.00', qty: '1' }));
    const answer = await call<{ message: string; data: BasketLogLine[] }>(demo1, 'ExecuteBasket', { id });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect(answer.infoMsg).toBe(text.executed);
    const results = answer.data.data;
    expect(results.map((l) => l.DISP_SYM)).toEqual(['SBIN', 'INFY', 'SBIN']);
    for (const placed of results.slice(0, 2)) {
      expect(placed.ORDER_ID, placed.ORDER_RESPONSE).not.toBe('');
      expect(placed.ORDER_STATUS).toMatch(/^(REQUEST SENT|OUTSTANDING|EXECUTED)$/);
    }
    expect(results[2]).toMatchObject({ ORDER_STATUS: 'REJECTED', ORDER_ID: '' });
    expect(results[2]!.ORDER_RESPONSE.length).toBeGreaterThan(0);
    const { rows } = await t.db.query<{ order_no: string }>(
      "SELECT o.order_no FROM orders o JOIN clients c ON c.id = o.client_id WHERE c.user_id = 'DEMO1' ORDER BY o.id",
    );
    expect(rows.map((r) => r.order_no)).toEqual(expect.arrayContaining([results[0]!.ORDER_ID, results[1]!.ORDER_ID]));

    const logList = await call<{ data: { id: string }[] }>(demo1, 'GetBasketList', { status: 'Y' });
    expect(logList.data.data.map((b) => b.id)).toEqual([id]);
    const log = await call<{ data: BasketLogLine[] }>(demo1, 'ExecutionLog', { id });
    expect(log.data.data.map((l) => [l.ORDER_ID, l.ORDER_RESPONSE])).toEqual(
      results.map((l) => [l.ORDER_ID, l.ORDER_RESPONSE]),
    );
    // The log of a basket never executed today is empty.
    const other = await create(demo1, 'Idle');
    expect((await call<{ data: unknown[] }>(demo1, 'ExecutionLog', { id: other })).data.data).toEqual([]);
    await call(demo1, 'DeleteBasket', { id: other });
  });

  it('is refused for a client without the basket-order flag (trading.md 6), and without a session', async () => {
    await t.db.query("UPDATE clients SET basket_order = false WHERE user_id = 'DEMO2'");
    // A change made beside the server reaches its session cache by notification: wait until it is heard.
    await t.app.sessionCache.sync();
    try {
      const answer = await call(demo2, 'GetBasketList', { status: 'N' });
      expect(answer.infoID).toBe('EGN004');
      expect((await call(demo2, 'AddBasket', { name: 'x' })).infoID).toBe('EGN004');
    } finally {
      await t.db.query("UPDATE clients SET basket_order = true WHERE user_id = 'DEMO2'");
      await t.app.sessionCache.sync();
    }
    expect((await t.call('/Basket/GetBasketList', { status: 'N' })).infoID).toBe('EGN006');
    expect((await call(demo1, 'GetBasketSymbolList', { id: 'abc' })).infoID).toBe('EGN001');
  });
});
