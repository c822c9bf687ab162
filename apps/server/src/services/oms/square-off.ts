import { segmentOf } from '@kite/domain';
import { inTransaction } from '../../db/pool.ts';
import { closeWithoutExchange } from './event-application.ts';
import type { OmsCore } from './oms-core.ts';
import { insertOrder, type OrderRecord } from './order-record.ts';

/**
 * A square-off order for a position (end of day, auto square-off): market, opposite side, no margin. Not for a
 * client's request, so no checks beyond the exchange's.
 */
export async function squareOff(
  core: OmsCore,
  position: { clientId: number; instrumentId: string; product: string; net: number },
): Promise<void> {
  const instrument = core.market.registry.byId(position.instrumentId);
  if (!instrument || position.net === 0) return;
  const order = await inTransaction(core.deps.db, (tx) =>
    insertOrder(
      tx,
      {
        clientId: position.clientId,
        instrumentId: instrument.id,
        exchange: instrument.exc,
        tradingSymbol: instrument.trSymbol,
        displaySymbol: instrument.displaySym,
        segment: segmentOf(instrument.instr, instrument.exc),
        priceDecimals: instrument.priceDecimals,
        side: position.net > 0 ? 'SELL' : 'BUY',
        product: position.product,
        orderType: 'MARKET',
        validity: 'DAY',
        vtdDate: null,
        quantity: Math.abs(position.net),
        disclosedQty: 0,
        limitPrice: 0,
        triggerPrice: 0,
        isAmo: false,
        parentOrderId: null,
        legRole: 'SQUAREOFF',
        boTrailingSl: 0,
        blockedMarginPaise: 0,
        coTriggerPrice: 0,
        boStopDistance: 0,
        boTargetDistance: 0,
        edisReservedQty: 0,
        edisIsin: null,
        appId: null,
      },
      core.tradingDate(),
    ),
  );
  core.submit(order);
}

/** Cancels an open order at the exchange on the system's behalf (end of day). */
export function expire(core: OmsCore, order: OrderRecord): void {
  if (core.cancelAtExchange(order) !== null) void closeWithoutExchange(core, order.id, 'Expired at end of day');
}
