import { tradingText } from '../messages/trading.ts';
import type { OrderAction, ProductType } from './order-enums.ts';
import { segmentOf } from './segments.ts';

const text = tradingText.positions;

/**
 * The product a position converts to (trading.md 4.8). Equity: intraday-style products (INTRADAY, SHORTSELL) become
 * CASH (delivery) and CASH and MARGIN become INTRADAY. Other segments: INTRADAY converts to CARRY FORWARD, anything
 * else to INTRADAY. Cover and bracket positions are never converted (5.4): null.
 */
export function transferTarget(product: ProductType, instr: string, exchange?: string): ProductType | null {
  if (product === 'CO' || product === 'BO' || product === 'SP') return null;
  if (segmentOf(instr, exchange) === 'equity') {
    return product === 'INTRADAY' || product === 'SHORTSELL' ? 'CASH' : 'INTRADAY';
  }
  return product === 'INTRADAY' ? 'CARRY FORWARD' : 'INTRADAY';
}

export interface TransferablePosition {
  prdType: string;
  netQty: string | number;
  /** false (or 'false') hides the action. */
  isTransfer?: boolean | string | null;
  instr: string;
}

function netQuantity(value: string | number): number | null {
  const n = typeof value === 'number' ? value : /^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * trading.md 5.4: offered when isTransfer is not false, the position has a product type, a non-zero numeric net
 * quantity, and it is not a currency option (the spec's unshown condition, chosen here); never for CO or BO.
 */
export function isTransferOffered(position: TransferablePosition): boolean {
  if (position.isTransfer === false || position.isTransfer === 'false') return false;
  if (!position.prdType || position.prdType === 'CO' || position.prdType === 'BO') return false;
  const net = netQuantity(position.netQty);
  if (net === null || net === 0) return false;
  return position.instr !== 'OPTCUR';
}

/** trading.md 7 TransferPosition: buy when the net quantity has no minus sign, else sell. */
export function transferAction(netQty: string | number): OrderAction {
  return String(netQty).trim().startsWith('-') ? 'sell' : 'buy';
}

/**
 * trading.md 5.4 quantity: at least the lot size (1 on MCX), a multiple of the lot, and not above the absolute net
 * quantity. Answers the spec's message or null.
 */
export function checkTransferQuantity(
  quantity: string | number,
  netQty: string | number,
  lot: number,
  exchange: string,
): string | null {
  const qty = netQuantity(quantity);
  const net = Math.abs(netQuantity(netQty) ?? 0);
  const minimum = exchange === 'MCX' ? 1 : Math.max(lot, 1);
  if (qty === null || qty < minimum) return text.transferQuantityZero;
  if (lot > 1 && qty % lot !== 0) return text.transferQuantityMultiple(lot);
  if (qty > net) return text.transferQuantityAboveNet(net);
  return null;
}

export interface NonPoaHolding {
  confNonPoaQty: number;
  nonPoaQty: number;
}

/** trading.md 5.4: an INTRADAY or SHORTSELL to CASH transfer is blocked by non-POA holdings not yet approved. */
export function checkTransferNonPoa(
  from: ProductType,
  to: ProductType | null,
  holding: NonPoaHolding | null,
): string | null {
  if (to !== 'CASH' || (from !== 'INTRADAY' && from !== 'SHORTSELL') || holding === null) return null;
  return holding.confNonPoaQty <= 0 && holding.nonPoaQty > 0 ? text.transferNonPoa(from) : null;
}
