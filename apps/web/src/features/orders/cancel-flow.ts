import { SESSION_INVALID_CODE, tradingText, type OrderRow } from '@kite/domain';
import { confirmDialog, showMessage } from '../../components/dialog/index.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import { requestCancelOrder } from './api/cancel-order.ts';
import { requestExitBracketOrder } from './api/exit-bracket-order.ts';
import { requestExitCoverOrder } from './api/exit-cover-order.ts';
import { isExit, orderKind } from './order-rules.ts';

const text = tradingText.orders;

export type CancelOutcome = 'sent' | 'failed' | 'declined';

function send(order: OrderRow): Promise<string> {
  const kind = orderKind(order);
  switch (kind) {
    case 'cover':
      return requestExitCoverOrder(order);
    case 'bracket':
      return requestExitBracketOrder(order);
    case 'spread':
    case 'regular':
      return requestCancelOrder(order);
    default: {
      const unknown: never = kind;
      throw new Error(`Unknown order kind ${String(unknown)}`);
    }
  }
}

/**
 * trading.md 8 "Cancel order": confirm with YES/NO, then cancel (or exit a cover or bracket order). Success shows
 * 'Cancel Request Sent'; failure the header 'Exit Order' or 'Cancel Order' with the server's message or 'Please try
 * again.'. A session that ended is answered by the shell alone.
 */
export async function cancelOrExitOrder(order: OrderRow): Promise<CancelOutcome> {
  const header = isExit(order) ? text.exitOrderHeader : text.cancelOrderHeader;
  const confirmed = await confirmDialog({ header, message: text.cancelConfirm, positive: 'YES', negative: 'NO' });
  if (!confirmed) return 'declined';
  try {
    await send(order);
  } catch (error) {
    if (error instanceof ApiError && error.infoID === SESSION_INVALID_CODE) return 'failed';
    const message = error instanceof Error && error.message.trim() ? error.message : text.cancelRetry;
    void showMessage({ header, message });
    return 'failed';
  }
  // The book refreshes behind the message rather than after it is closed.
  void showMessage({ header, message: text.cancelSent });
  return 'sent';
}
