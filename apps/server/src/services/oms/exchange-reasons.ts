import { tradingText } from '@kite/domain';
import type { MarketRejectReason } from '@kite/exchange';

const t = tradingText.orderEntry;

/**
 * The exchange's reason codes as the client reads them in rejectReason (trading.md 2.3). Where an order-entry rule
 * says the same thing its text is used; the others are chosen (the spec does not list exchange rejections).
 */
export function rejectText(reason: MarketRejectReason | string): string {
  switch (reason) {
    case 'INVALID_QUANTITY':
      return t.invalidQuantity;
    case 'QUANTITY_NOT_LOT_MULTIPLE':
      return 'RMS:Rule: Quantity is not a multiple of the lot size';
    case 'ABOVE_FREEZE_QUANTITY':
      return 'RMS:Rule: Quantity above the freeze limit of the contract';
    case 'PRICE_NOT_TICK_MULTIPLE':
      return 'Price is not a multiple of the tick size';
    case 'PRICE_OUTSIDE_BAND':
      return t.priceOutsideRange;
    case 'TRIGGER_NOT_TICK_MULTIPLE':
      return 'Trigger price is not a multiple of the tick size';
    case 'TRIGGER_OUTSIDE_BAND':
      return 'Trigger price is outside the daily price range';
    case 'TRIGGER_BEYOND_LIMIT':
      return 'Trigger price is beyond the limit price';
    case 'TRIGGER_ALREADY_CROSSED':
      return 'Trigger price already crossed by the last traded price';
    case 'INVALID_DISCLOSED_QUANTITY':
      return 'Invalid disclosed quantity';
    case 'VTD_DATE_MISSING':
      return t.selectVtdDate;
    case 'VTD_DATE_IN_PAST':
      return t.invalidVtdDate;
    case 'MARKET_CLOSED':
      return 'Market is closed. Place an After Market Order (AMO) instead';
    case 'CONTRACT_EXPIRING':
      return 'Contract expires before the next session. An After Market Order cannot be placed';
    case 'NOT_ALLOWED_IN_PRE_OPEN':
      return 'Order type not allowed in the pre-open session';
    case 'UNKNOWN_ORDER':
      return 'Order not found at the exchange';
    case 'QUANTITY_BELOW_FILLED':
      return 'Quantity cannot be less than the traded quantity';
    case 'NOT_MODIFIABLE':
      return 'Order cannot be modified';
    case 'UNKNOWN_INSTRUMENT':
    case 'NOT_TRADABLE':
      return 'Scrip is not tradable';
    default:
      return String(reason);
  }
}

/** Why the exchange cancelled the rest of an order (shown in rejectReason of a cancelled order). */
export function cancelText(reason: string): string {
  switch (reason) {
    case 'IOC_UNFILLED':
      return 'IOC order cancelled: quantity not matched';
    case 'MARKET_NO_LIQUIDITY':
      return 'Market order cancelled: no more quantity available';
    case 'SELF_TRADE':
      return 'Cancelled by self-trade prevention';
    case 'OUTSIDE_NEW_BAND':
      return 'Cancelled: price outside the revised price band';
    default:
      return '';
  }
}
