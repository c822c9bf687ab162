import { tradingText } from '@kite/domain';
import type { MarketRejectReason } from '@kite/exchange';

const entry = tradingText.orderEntry;
const rejected = tradingText.exchange.rejected;
const cancelled = tradingText.exchange.cancelled;

/**
 * The exchange's reason codes as the client reads them in rejectReason (trading.md 2.3): an order-entry rule's text
 * where one says the same thing, else the catalogue's chosen exchange text.
 */
export function rejectText(reason: MarketRejectReason | string): string {
  switch (reason) {
    case 'INVALID_QUANTITY':
      return entry.invalidQuantity;
    case 'QUANTITY_NOT_LOT_MULTIPLE':
      return rejected.quantityNotLotMultiple;
    case 'ABOVE_FREEZE_QUANTITY':
      return rejected.aboveFreezeQuantity;
    case 'PRICE_NOT_TICK_MULTIPLE':
      return rejected.priceNotTickMultiple;
    case 'PRICE_OUTSIDE_BAND':
      return entry.priceOutsideRange;
    case 'TRIGGER_NOT_TICK_MULTIPLE':
      return rejected.triggerNotTickMultiple;
    case 'TRIGGER_OUTSIDE_BAND':
      return rejected.triggerOutsideBand;
    case 'TRIGGER_BEYOND_LIMIT':
      return rejected.triggerBeyondLimit;
    case 'TRIGGER_ALREADY_CROSSED':
      return rejected.triggerAlreadyCrossed;
    case 'INVALID_DISCLOSED_QUANTITY':
      return rejected.invalidDisclosedQuantity;
    case 'VTD_DATE_MISSING':
      return entry.selectVtdDate;
    case 'VTD_DATE_IN_PAST':
      return entry.invalidVtdDate;
    case 'MARKET_CLOSED':
      return rejected.marketClosed;
    case 'CONTRACT_EXPIRING':
      return rejected.contractExpiring;
    case 'NOT_ALLOWED_IN_PRE_OPEN':
      return rejected.notAllowedInPreOpen;
    case 'UNKNOWN_ORDER':
      return rejected.unknownOrder;
    case 'QUANTITY_BELOW_FILLED':
      return rejected.quantityBelowFilled;
    case 'NOT_MODIFIABLE':
      return rejected.notModifiable;
    case 'UNKNOWN_INSTRUMENT':
    case 'NOT_TRADABLE':
      return rejected.notTradable;
    default:
      return String(reason);
  }
}

/** Why the exchange cancelled the rest of an order (shown in rejectReason of a cancelled order). */
export function cancelText(reason: string): string {
  switch (reason) {
    case 'IOC_UNFILLED':
      return cancelled.iocUnfilled;
    case 'MARKET_NO_LIQUIDITY':
      return cancelled.marketNoLiquidity;
    case 'SELF_TRADE':
      return cancelled.selfTrade;
    case 'OUTSIDE_NEW_BAND':
      return cancelled.outsideNewBand;
    default:
      return '';
  }
}
