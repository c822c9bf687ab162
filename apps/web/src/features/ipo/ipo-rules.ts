import {
  type Abilities,
  investingText,
  type IpoBidStatus,
  type IpoMaster,
  type IpoOrder,
  isoOfDashDate,
  mayBidForIpo,
  platformText,
} from '@kite/domain';
import { istToday } from '../../components/inputs/date-format.ts';

/** The IPO screen's rules that are not the bid's (investing.md 4 "IPO", 5 "BID button rules", 6, 8). */

const text = investingText.ipo;

/**
 * The BID button's refusal, or null (investing.md 5). Outside the bidding dates the market is closed; the daily
 * hours are the server's to check (it answers the same text), since only it knows the deployment's market hours.
 */
export function bidRefusal(master: IpoMaster, abilities: Abilities, now: Date = new Date()): string | null {
  if (!mayBidForIpo(abilities)) return platformText.segmentNotSubscribed;
  const today = istToday(now.getTime());
  if (today < isoOfDashDate(master.biddingStartDate) || today > isoOfDashDate(master.biddingEndDate)) {
    return text.marketClosed(master.dailyStartTime, master.dailyEndTime);
  }
  if (master.isBidPlaced === 'Y') return text.alreadyPlaced;
  return null;
}

/** MODIFY BID and CANCEL BID are refused after the bidding end date (investing.md 4 last rule). */
export function changeRefusal(order: IpoOrder, action: 'modify' | 'cancel', now: Date = new Date()): string | null {
  if (istToday(now.getTime()) <= isoOfDashDate(order.biddingEndDate)) return null;
  const words = action === 'modify' ? text.modifyClosed : text.cancelClosed;
  return words(order.dailyStartTime, order.dailyEndTime);
}

/** Active while at least one bid is not cancelled (investing.md 4). */
export function isActive(order: IpoOrder): boolean {
  return order.bids.some((b) => b.activityType !== 'Cancelled');
}

/** The status shown: the allotment when there is one, else Cancelled when every bid is, else Modified or Ordered. */
export function statusOf(order: IpoOrder): { label: string; tone: 'up' | 'down' | 'neutral' } {
  if (order.allotmentStatus)
    return { label: order.allotmentStatus, tone: order.allotmentStatus === 'Alloted' ? 'up' : 'down' };
  if (!isActive(order)) return { label: text.statuses.Cancelled, tone: 'neutral' };
  const status: IpoBidStatus = order.bids.some((b) => b.activityType === 'Modified') ? 'Modified' : 'Ordered';
  return { label: text.statuses[status], tone: 'neutral' };
}

/** Quantity and lots of the bid that counts: the live bid with the most shares. */
export function quantityOf(order: IpoOrder): { quantity: number; lots: number } {
  const live = order.bids.filter((b) => b.activityType !== 'Cancelled');
  const bids = live.length > 0 ? live : order.bids;
  const quantity = Math.max(0, ...bids.map((b) => b.quantity));
  return { quantity, lots: order.lotSize > 0 ? quantity / order.lotSize : 0 };
}

/** investing.md 8: the generic 'Request Failed' is shown as 'Request failed, Please try again.'. */
export function ipoErrorText(message: string): string {
  return message === text.genericFailure ? text.requestFailed : message;
}
