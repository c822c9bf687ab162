import {
  BASKET_MAX_COUNT,
  BASKET_MAX_LINES,
  type BasketItemPayload,
  type BasketLine,
  type BasketLogLine,
  type OrderForm,
  type PlaceOrderPayload,
  type PriceUnits,
  type Result,
  allCodes,
  basketSymbolsDeletedText,
  checkBasketCreateName,
  checkBasketRename,
  checkExecuteBasket,
  formatScaled,
  isSpread,
  normaliseOrderForm,
  ok,
  reject,
  tradingText,
  validateOrderEntry,
  placedOrderTypeOf,
  istIsoDate,
} from '@kite/domain';
import type { Instrument } from '@kite/exchange';
import { inTransaction, type Db } from '../../db/pool.ts';
import { instrumentOfSymbol, symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import type { PlaceOrder, PlaceOrderContext } from './basket-order-placer.ts';
import * as repo from './basket.repo.ts';

const text = tradingText.basket;

export interface BasketDeps {
  db: Db;
  now: () => number;
  findInstrument: (id: string) => Instrument | undefined;
  placeOrder: PlaceOrder;
}

function orderTypeLabel(row: Pick<repo.BasketLineRow, 'order_type' | 'trigger_price'>): BasketLine['ORD_TYPE'] {
  return placedOrderTypeOf(row.order_type, row.trigger_price > 0);
}

/** Stored row -> trading.md 3 "Basket line"; prices become decimal text only here. */
export function lineOf(row: repo.BasketLineRow): BasketLine {
  const price = (units: number) => formatScaled(units, row.price_decimals);
  return {
    BASKET_SYMBOL_ID: String(row.id),
    DISP_SYM: row.display_symbol,
    EXCH_ID: row.exchange,
    EXCH_SEG: row.exchange_seg,
    BUY_SELL_IND: row.side,
    SEGMENT_TYPE: row.product,
    LIMIT_PRICE: price(row.limit_price),
    QTY: row.quantity,
    DISC_QTY: row.disclosed_qty,
    TRIGGER_PRICE: price(row.trigger_price),
    DAY_IOC_ORD: row.validity,
    ORD_TYPE: orderTypeLabel(row),
    ASSET_CLASS: row.asset_class,
    SYMBOL: row.instrument_id,
    INST_TYPE: row.instr,
    OPT_TYPE: row.opt_type,
    STRIKE_PRICE: row.strike_price,
    EXPIRY_DATE: row.expiry_date,
    TR_EXCH: row.tr_exchange,
    TR_SYMBOL: row.tr_symbol,
    XSYM: row.x_sym,
    ISINDP: row.is_in_dp ? 'true' : 'false',
  };
}

/** The place-order payload of a stored line (trading.md 3): the same payload the order dialog sends to AddOrder. */
export function placeOrderPayloadOf(row: repo.BasketLineRow, instrument: Instrument): PlaceOrderPayload {
  const price = (units: number) => formatScaled(units, row.price_decimals);
  return {
    isOffline: false,
    tradedQty: '0',
    ordAction: row.side === 'BUY' ? 'buy' : 'sell',
    sym: symbolObjectOf(instrument),
    ordType: row.order_type,
    qty: String(row.quantity),
    isSquareoff: false,
    isinDp: row.is_in_dp ? 'true' : 'false',
    limitPrice: row.order_type === 'limit' ? price(row.limit_price) : '0',
    ordDuration: row.validity,
    vtdDate: '',
    prdType: row.product,
    coTriggerPrice: '0',
    boTriggerPrice: '0',
    boTargetPrice: '0',
    boTrailingSL: '0',
    triggerPrice: price(row.trigger_price),
    isAmo: false,
    disQty: String(row.disclosed_qty),
  };
}

/**
 * A basket item payload checked by the order-entry rules (trading.md 5.1) against the instrument the registry knows,
 * before anything is stored. The daily price range is left to placement: it moves between adding and executing.
 */
export function lineValuesOf(
  payload: BasketItemPayload,
  findInstrument: BasketDeps['findInstrument'],
  now: number,
): Result<repo.LineValues> {
  const instrument = instrumentOfSymbol(findInstrument, payload.sym);
  if (!instrument) return reject('MKT001');
  if (isSpread(instrument.instr) || payload.prdType === 'CO' || payload.prdType === 'BO' || payload.prdType === 'SP') {
    return reject('BSK008');
  }
  const form: OrderForm = {
    entryType: 'NEW',
    action: payload.ordAction,
    advanceType: 'REGULAR',
    orderType: payload.ordType,
    validity: payload.ordDuration,
    product: payload.prdType,
    quantity: payload.qty,
    price: payload.limitPrice,
    disclosedQuantity: payload.disQty,
    triggerPrice: payload.triggerPrice,
    coTriggerPrice: '0',
    boTriggerPrice: '0',
    boTargetPrice: '0',
    vtdDate: '',
    isAmo: false,
    // The e-DIS approval is checked when the line is placed, not when it is kept for later.
    ...(payload.ordAction === 'sell'
      ? { sellSource: payload.isinDp === 'false' ? ('NOT_IN_DP' as const) : ('IN_DP' as const) }
      : {}),
  };
  const normalised = normaliseOrderForm(form, instrument.instr);
  const check = validateOrderEntry(
    normalised,
    {
      symbol: instrument.trSymbol,
      instr: instrument.instr,
      exchange: instrument.exc,
      lot: instrument.lot,
      tickSize: instrument.tickSize as PriceUnits,
      priceDecimals: instrument.priceDecimals,
      dprLow: null,
      dprHigh: null,
    },
    { now },
  );
  if (!check.ok) return reject('BSK007', check.message);
  const sym = symbolObjectOf(instrument);
  return ok({
    instrument_id: instrument.id,
    display_symbol: instrument.displaySym,
    exchange: instrument.exc,
    exchange_seg: instrument.exc_seg,
    instr: instrument.instr,
    asset_class: instrument.assetClass,
    opt_type: instrument.optType ?? '',
    strike_price: sym.strike ?? '',
    expiry_date: instrument.expiry ?? '',
    tr_exchange: instrument.trExc,
    tr_symbol: instrument.trSymbol,
    x_sym: instrument.xSym,
    price_decimals: instrument.priceDecimals,
    side: payload.ordAction === 'buy' ? 'BUY' : 'SELL',
    product: payload.prdType,
    order_type: normalised.orderType,
    validity: normalised.validity === 'IOC' ? 'IOC' : 'DAY',
    quantity: check.order.quantity,
    limit_price: check.order.price,
    disclosed_qty: check.order.disclosedQuantity,
    trigger_price: check.order.triggerPrice,
    is_in_dp: payload.isinDp !== 'false',
  });
}

function logLineOf(r: repo.LogRow): BasketLogLine {
  return {
    ...r.line,
    ORDER_STATUS: r.placed ? ((r.status ?? 'REQUEST SENT') as BasketLogLine['ORDER_STATUS']) : 'REJECTED',
    ORDER_RESPONSE: r.response,
    ORDER_ID: r.order_no ?? '',
  };
}

/** The rules of baskets (trading.md 2.8, 4.7, 5.5, 8); every operation is scoped to `clientId`. */
export function basketService(deps: BasketDeps) {
  const { db } = deps;

  async function readLog(clientId: number, basketId: string): Promise<Result<{ data: BasketLogLine[] }>> {
    const basket = await repo.findBasket(db, clientId, basketId);
    if (!basket) return reject('EGN005');
    const rows = await repo.latestExecutionLog(db, clientId, basket.id, istIsoDate(deps.now()));
    return ok({ data: rows.map(logLineOf) });
  }

  return {
    log: readLog,
    async list(clientId: number, status: 'N' | 'Y'): Promise<Result<{ data: { id: string; name: string }[] }>> {
      const rows =
        status === 'Y'
          ? await repo.listExecutedBaskets(db, clientId, istIsoDate(deps.now()))
          : await repo.listBaskets(db, clientId);
      return ok({ data: rows.map((b) => ({ id: String(b.id), name: b.name })) });
    },

    async create(clientId: number, name: string): Promise<Result<{ message: string; id: string }>> {
      const problem = checkBasketCreateName(name);
      if (problem) return reject('BSK003', problem);
      const trimmed = name.trim();
      return inTransaction(db, async (tx) => {
        // One client's creations queue on the client row, so the count and the name check hold.
        await tx.query('SELECT id FROM clients WHERE id = $1 FOR UPDATE', [clientId]);
        if ((await repo.countBaskets(tx, clientId)) >= BASKET_MAX_COUNT) return reject('BSK005');
        if (await repo.nameTaken(tx, clientId, trimmed)) return reject('BSK004');
        const id = await repo.insertBasket(tx, clientId, trimmed);
        return ok({ message: text.created, id: String(id) }, text.created);
      });
    },

    async rename(clientId: number, basketId: string, name: string): Promise<Result<{ message: string }>> {
      const problem = checkBasketRename(name);
      if (problem) return reject('BSK003', problem);
      const trimmed = name.trim();
      return inTransaction(db, async (tx) => {
        await tx.query('SELECT id FROM clients WHERE id = $1 FOR UPDATE', [clientId]);
        const basket = await repo.findBasket(tx, clientId, basketId, true);
        if (!basket) return reject('EGN005');
        if (await repo.nameTaken(tx, clientId, trimmed, basket.id)) return reject('BSK004');
        await repo.updateBasketName(tx, clientId, basket.id, trimmed);
        return ok({ message: text.renamed }, text.renamed);
      });
    },

    async remove(clientId: number, basketId: string): Promise<Result<{ message: string }>> {
      const basket = await repo.findBasket(db, clientId, basketId);
      if (!basket || !(await repo.removeBasket(db, clientId, basket.id))) return reject('EGN005');
      return ok({ message: text.deleted }, text.deleted);
    },

    async lines(clientId: number, basketId: string): Promise<Result<{ data: BasketLine[] }>> {
      const basket = await repo.findBasket(db, clientId, basketId);
      if (!basket) return reject('EGN005');
      return ok({ data: (await repo.listLines(db, clientId, basket.id)).map(lineOf) });
    },

    async addLine(
      clientId: number,
      payload: BasketItemPayload,
    ): Promise<Result<{ message: string; BASKET_SYMBOL_ID: string }>> {
      const values = lineValuesOf(payload, deps.findInstrument, deps.now());
      if (!values.ok) return values;
      return inTransaction(db, async (tx) => {
        const basket = await repo.findBasket(tx, clientId, payload.id, true);
        if (!basket) return reject('EGN005');
        if ((await repo.countLines(tx, clientId, basket.id)) >= BASKET_MAX_LINES) return reject('BSK006');
        const id = await repo.insertLine(tx, clientId, basket.id, values.data);
        return ok({ message: text.symbolAdded, BASKET_SYMBOL_ID: String(id) }, text.symbolAdded);
      });
    },

    async modifyLine(
      clientId: number,
      payload: BasketItemPayload & { uniqueId: string },
    ): Promise<Result<{ message: string }>> {
      const values = lineValuesOf(payload, deps.findInstrument, deps.now());
      if (!values.ok) return values;
      const basket = await repo.findBasket(db, clientId, payload.id);
      if (!basket) return reject('EGN005');
      if (!(await repo.updateLine(db, clientId, basket.id, payload.uniqueId, values.data))) return reject('EGN005');
      return ok({ message: text.symbolModified }, text.symbolModified);
    },

    /** trading.md 7: DeleteBasketSymbols answers true on success; the text says one symbol or several (8). */
    async removeLines(clientId: number, lineIds: readonly string[]): Promise<Result<boolean>> {
      const unique = [...new Set(lineIds)];
      return inTransaction(db, async (tx) => {
        // All or nothing: a list naming another client's (or an unknown) line deletes none.
        if ((await repo.countOwnLines(tx, clientId, unique)) !== unique.length) return reject('EGN005');
        const removed = await repo.removeLines(tx, clientId, unique);
        return ok(true, basketSymbolsDeletedText(removed));
      });
    },

    /**
     * trading.md 2.8, 4.7, 5.5: every line is placed in turn through the order path of AddOrder; a refused line does
     * not stop the others. Each outcome goes to the execution log; the answer is the spec's success text.
     */
    async execute(
      clientId: number,
      basketId: string,
      ctx: PlaceOrderContext,
    ): Promise<Result<{ message: string; data: BasketLogLine[] }>> {
      const basket = await repo.findBasket(db, clientId, basketId);
      if (!basket) {
        const none = checkExecuteBasket(await repo.countBaskets(db, clientId), 0);
        return none === text.noBaskets ? reject('BSK001') : reject('EGN005');
      }
      const started = await inTransaction(db, async (tx) => {
        // The basket row lock: an edit waits for the snapshot, and the lines placed are the lines read.
        await repo.findBasket(tx, clientId, basketId, true);
        const rows = await repo.listLines(tx, clientId, basket.id);
        if (checkExecuteBasket(1, rows.length) !== null) return null;
        const executionId = await repo.insertExecution(tx, clientId, basket.id, istIsoDate(deps.now()));
        return { rows, executionId };
      });
      if (!started) return reject('BSK002');

      for (const row of started.rows) {
        const line = lineOf(row);
        const instrument = deps.findInstrument(row.instrument_id);
        const outcome = instrument
          ? await deps.placeOrder(clientId, placeOrderPayloadOf(row, instrument), ctx).catch(() => ({
              ok: false as const,
              message: tradingText.orderEntry.failedHeadline,
            }))
          : { ok: false as const, message: allCodes.MKT001.message };
        const placed = outcome.ok
          ? { placed: true, orderNo: outcome.orderId, response: outcome.message }
          : { placed: false, orderNo: null, response: outcome.message };
        await repo.insertExecutionLine(db, clientId, started.executionId, line, placed);
      }
      // This execution's own lines (a second execution of the basket may have started meanwhile and be the latest).
      const own = await repo.executionLog(db, clientId, started.executionId);
      return ok({ message: text.executed, data: own.map(logLineOf) }, text.executed);
    },
  };
}

export type BasketService = ReturnType<typeof basketService>;
