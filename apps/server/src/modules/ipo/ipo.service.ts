import { istDay, istMinuteOfDay, isoDate, parseIsoDate } from '@kite/exchange';
import {
  dashDate,
  type AddIpoRequest,
  checkIpoBid,
  checkIpoUpi,
  deriveAbilities,
  formatScaled,
  investingText,
  mayBidForIpo,
  mulDivRound,
  type IpoActivity,
  type IpoBid,
  type IpoBidSlot,
  type IpoDemat,
  type IpoMaster,
  type IpoOrder,
  type IpoTerms,
  ok,
  parseRupees,
  reject,
  type Result,
  type UpcomingIpo,
} from '@kite/domain';
import { type Db, inTransaction, type Queryable } from '../../db/pool.ts';
import { type RequestMeta, writeAudit } from '../account/audit.repo.ts';
import { accountDetailsOf, extraFlagsOf, findClientById } from '../account/client.repo.ts';
import { ensureIpoCalendar } from './ipo-calendar.ts';
import * as repo from './ipo.repo.ts';

const text = investingText.ipo;

/** UPI handles whose banks support IPO one-time mandates (investing.md 5; the list NPCI publishes, abridged). */
export const IPO_UPI_HANDLERS = [
  '@okhdfcbank',
  '@okicici',
  '@oksbi',
  '@okaxis',
  '@ybl',
  '@paytm',
  '@ibl',
  '@axl',
  '@upi',
  '@apl',
];

export interface IpoDeps {
  db: Db;
  now: () => number;
  /** 'always' (the demo default): the daily bidding hours are not enforced, the bidding dates are. */
  marketHours: 'always' | 'real';
}

const amount = (paise: number): string => formatScaled(paise, 2);
const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function termsOf(issue: repo.IssueRow): IpoTerms {
  return {
    minPrice: issue.min_price_paise,
    maxPrice: issue.max_price_paise,
    cutOffPrice: issue.cut_off_price_paise,
    tickSize: issue.tick_size_paise,
    lotSize: issue.lot_size,
    minBidQuantity: issue.min_bid_quantity,
    minimumInvestment: issue.min_investment_paise,
    maximumInvestment: issue.max_investment_paise,
    discount: issue.discount_paise,
  };
}

function masterOf(issue: repo.IssueRow): IpoMaster {
  return {
    symbol: issue.symbol,
    name: issue.name,
    type: issue.issue_type,
    biddingStartDate: dashDate(issue.bidding_start),
    biddingEndDate: dashDate(issue.bidding_end),
    dailyStartTime: issue.daily_start,
    dailyEndTime: issue.daily_end,
    // paise -> crore: 1 crore = 10^7 rupees = 10^9 paise, shown to 2 places
    issueSize: amount(mulDivRound(issue.issue_size_paise, 1, 10_000_000)),
    minPrice: amount(issue.min_price_paise),
    maxPrice: amount(issue.max_price_paise),
    cutOffPrice: amount(issue.cut_off_price_paise),
    tickSize: amount(issue.tick_size_paise),
    lotSize: issue.lot_size,
    minBidQuantity: issue.min_bid_quantity,
    minimumInvestmentAmt: amount(issue.min_investment_paise),
    maximumInvestmentAmt: amount(issue.max_investment_paise),
    discount: amount(issue.discount_paise),
    category: issue.categories,
    isBidPlaced: issue.bid_placed ? 'Y' : 'N',
  };
}

function upcomingOf(issue: repo.IssueRow): UpcomingIpo {
  const band =
    issue.min_price_paise === issue.max_price_paise
      ? amount(issue.max_price_paise)
      : `${amount(issue.min_price_paise)} - ${amount(issue.max_price_paise)}`;
  return {
    symbol: issue.symbol,
    lname: issue.name,
    issueType: issue.issue_type,
    price: band,
    minQty: issue.min_bid_quantity,
    qtyMultiple: issue.lot_size,
    maxRetailPrice: amount(issue.max_investment_paise),
    opendate: dashDate(issue.bidding_start),
    closedate: dashDate(issue.bidding_end),
    prospectus: issue.prospectus,
  };
}

function dematOf(d: repo.DematRow): IpoDemat {
  return {
    name: `${d.dp_type} - ${d.dp_account}`,
    value: d.dp_account,
    clientName: d.client_name,
    pan: d.pan,
    dpId: d.dp_id,
    type: d.dp_type,
    bank: d.bank_name ?? '',
    // only the last four digits leave the server
    linkedAcc: d.bank_account ? `XXXXXXXX${d.bank_account.slice(-4)}` : '',
  };
}

function bidOf(b: repo.BidRow): IpoBid {
  return {
    slot: b.slot,
    activityType: b.activity,
    atCutOff: b.at_cut_off,
    quantity: b.quantity,
    price: amount(b.price_paise),
    amount: amount(b.quantity * b.price_paise),
    bidReferenceNumber: b.bid_reference,
  };
}

/** dd-mm-yyyy HH:MM:SS in IST. */
function istStamp(at: Date): string {
  const ms = at.getTime();
  const minute = istMinuteOfDay(ms);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${dashDate(isoDate(istDay(ms)))} ${pad(Math.floor(minute / 60))}:${pad(minute % 60)}:${pad(seconds)}`;
}

/** dd/mm/yyyy -> IST day number; null when not a real date. */
function slashDay(value: string): number | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return match ? parseIsoDate(`${match[3]}-${match[2]}-${match[1]}`) : null;
}

type Mode = 'new' | 'modify' | 'cancel';

export function ipoService(deps: IpoDeps) {
  let calendarDay: number | null = null;
  /** Today's IST day, with the market's IPO calendar dated from it (once a day per process). */
  const today = async (q: Queryable = deps.db): Promise<number> => {
    const day = istDay(deps.now());
    if (calendarDay !== day) {
      await ensureIpoCalendar(q, day);
      calendarDay = day;
    }
    return day;
  };

  /** investing.md 4 "IPO" last rule: before the bidding end date and within the daily hours (IST). */
  const withinWindow = (issue: repo.IssueRow, day: number): boolean => {
    const start = parseIsoDate(issue.bidding_start) ?? Infinity;
    const end = parseIsoDate(issue.bidding_end) ?? -Infinity;
    if (day < start || day > end) return false;
    if (deps.marketHours === 'always') return true;
    const minute = istMinuteOfDay(deps.now());
    return minute >= minutesOf(issue.daily_start) && minute < minutesOf(issue.daily_end);
  };

  const closedText = (mode: Mode, issue: repo.IssueRow): string => {
    const words = { new: text.marketClosed, modify: text.modifyClosed, cancel: text.cancelClosed }[mode];
    return words(issue.daily_start, issue.daily_end);
  };

  async function ongoingOrUpcoming(clientId: number, tab: 'ongoing' | 'upcoming') {
    const day = await today();
    return repo.listIssues(deps.db, clientId, tab, isoDate(day));
  }

  return {
    async getIpo(
      clientId: number,
      tab: 'ongoing' | 'upcoming',
    ): Promise<Result<{ ipoList: IpoMaster[] | UpcomingIpo[] }>> {
      const issues = await ongoingOrUpcoming(clientId, tab);
      return ok({ ipoList: tab === 'ongoing' ? issues.map(masterOf) : issues.map(upcomingOf) });
    },

    async getIpoData(clientId: number, tab: 'ongoing' | 'upcoming') {
      const issues = await ongoingOrUpcoming(clientId, tab);
      return ok({ ipoList: { ipoMaster: issues.map(masterOf), ipoUpiHandler: IPO_UPI_HANDLERS } });
    },

    async dpDetails(clientId: number) {
      return ok({ dematAccList: (await repo.listDemats(deps.db, clientId)).map(dematOf) });
    },

    async validateDemat(clientId: number, dematAcc: string) {
      const demats = await repo.listDemats(deps.db, clientId);
      return ok({ data: demats.some((d) => d.dp_account === dematAcc) });
    },

    async orderBook(clientId: number, fromText: string, toText: string): Promise<Result<{ data: IpoOrder[] }>> {
      const day = await today();
      const from = slashDay(fromText);
      const to = slashDay(toText);
      if (from === null || to === null) return reject('EGN001', 'Invalid request: dates must be dd/mm/yyyy');
      if (from > day || to > day) return reject('IPO006', text.exceededToday);
      if (from > to) return reject('IPO006', text.fromAfterTo);
      await repo.allotClosedIssues(deps.db, clientId, isoDate(day));
      const rows = await repo.listApplications(deps.db, clientId, isoDate(from), isoDate(to));
      const bids = await repo.bidsOf(
        deps.db,
        rows.map((r) => r.id),
      );
      return ok({
        data: rows.map((r) => ({
          symbol: r.issue_symbol,
          name: r.name,
          clientName: r.client_name,
          applicationNumber: r.application_number,
          lotSize: r.lot_size,
          pan: r.pan,
          dpId: r.dp_id,
          upi: r.upi,
          depository: r.dp_type,
          clientBenId: r.dp_account,
          category: r.category,
          type: r.issue_type,
          timestamp: istStamp(r.updated_at),
          allotmentStatus: r.allotment_status,
          allotmentQty: r.allotment_qty,
          biddingEndDate: dashDate(r.bidding_end),
          dailyStartTime: r.daily_start,
          dailyEndTime: r.daily_end,
          discount: amount(r.discount_paise),
          bids: (bids.get(r.id) ?? []).map(bidOf),
        })),
      });
    },

    /** /IPO/AddIPO: a new application, or a modification or cancellation of the client's own (investing.md 4, 5, 7). */
    async addIpo(
      clientId: number,
      req: AddIpoRequest,
      who: { userId: string; meta: RequestMeta | null },
    ): Promise<Result<{ applicationNumber: string; bids: IpoBid[] }>> {
      /** The audit row of an accepted bid action, in the action's transaction. */
      const audit = (q: Queryable, mode: Mode, applicationNumber: string) =>
        writeAudit(q, {
          clientId,
          userId: who.userId,
          event: ({ new: 'ipo_bid_placed', modify: 'ipo_bid_modified', cancel: 'ipo_bid_cancelled' } as const)[mode],
          detail: { symbol: req.symbol, applicationNumber },
          meta: who.meta,
        });
      const day = await today();
      const client = await findClientById(deps.db, clientId);
      if (!client) return reject('EGN006');
      // investing.md 6: one of the four trading segments (equity, F&O, currency, commodity)
      const abilities = deriveAbilities(accountDetailsOf(client), extraFlagsOf(client));
      if (!mayBidForIpo(abilities)) return reject('MKT002');

      const issue = await repo.findIssue(deps.db, clientId, req.symbol);
      if (!issue) return reject('IPO001');

      const activities: IpoActivity[] = [req.activityType, req.activityType2, req.activityType3].filter(
        (a): a is IpoActivity => a !== '',
      );
      const mode: Mode =
        req.applicationNumber === '' ? 'new' : activities.every((a) => a === 'cancel') ? 'cancel' : 'modify';

      // The demat, PAN and name fields must be the client's own (investing.md 5: 'Invalid Demat Account.').
      const demats = await repo.listDemats(deps.db, clientId);
      const demat = demats.find(
        (d) => d.dp_id === req.dpId && d.dp_account === req.clientBenId && d.dp_type === req.depository,
      );
      if (!demat || req.pan !== client.pan) return reject('IPO005');

      if (req.lotSize !== issue.lot_size) return reject('IPO002', `Lot size of ${issue.symbol} is ${issue.lot_size}.`);
      if (req.atCutOff && req.multiBid) return reject('IPO002', 'A bid is either at Cut-Off or a Multi-Bid.');
      if (!issue.categories.includes(req.category)) {
        return reject('IPO002', `Category ${req.category} is not open in ${issue.symbol}.`);
      }

      const prices = [req.price, req.price2, req.price3].map((p) => (p === '' ? 0 : parseRupees(p)));
      if (prices.some((p) => p === null)) return reject('IPO002', 'Invalid price.');
      const lots = [req.lot, req.lot2, req.lot3];
      const refs = [req.bidRefNum, req.bidRefNum2, req.bidRefNum3];
      const slotActivities = [req.activityType, req.activityType2, req.activityType3];
      if (!req.multiBid && (lots[1]! > 0 || lots[2]! > 0 || prices[1]! > 0 || prices[2]! > 0)) {
        return reject('IPO002', 'Bids 2 and 3 are for a Multi-Bid only.');
      }

      if (mode === 'new') {
        if (!withinWindow(issue, day)) return reject('IPO003', closedText('new', issue));
        if (issue.bid_placed) return reject('IPO004');
        if (slotActivities.some((a, i) => a !== 'new' && (a !== '' || lots[i]! > 0)) || refs.some((r) => r !== '')) {
          return reject('IPO002', 'A new application has only new bids.');
        }
        const upiProblem = checkIpoUpi(req.upi, IPO_UPI_HANDLERS);
        if (upiProblem) return reject('IPO002', upiProblem);
        const slots: IpoBidSlot[] = lots.map((l, i) => ({ lots: l, price: prices[i]! }));
        const check = checkIpoBid(termsOf(issue), { atCutOff: req.atCutOff, slots }, 'new');
        if (!check.ok) return reject('IPO002', check.message);

        return inTransaction(deps.db, async (tx) => {
          const now = new Date(deps.now());
          const application = await repo.insertApplication(tx, {
            clientId,
            symbol: issue.symbol,
            dematAccountId: demat.id,
            category: req.category,
            upi: req.upi.trim().toLowerCase(),
            now,
          });
          if (!application) return reject('IPO004');
          for (const [i, slot] of slots.entries()) {
            const price = req.atCutOff ? issue.cut_off_price_paise : slot.price;
            if (slot.lots <= 0 || (req.atCutOff && i > 0)) continue;
            const bid = {
              slot: i + 1,
              atCutOff: req.atCutOff,
              lots: slot.lots,
              quantity: slot.lots * issue.lot_size,
              pricePaise: price,
            };
            await repo.insertBid(tx, application.id, bid, now);
          }
          await audit(tx, 'new', application.application_number);
          const bids = (await repo.bidsOf(tx, [application.id])).get(application.id) ?? [];
          return ok({ applicationNumber: application.application_number, bids: bids.map(bidOf) });
        });
      }

      if (!withinWindow(issue, day)) return reject('IPO003', closedText(mode, issue));
      return inTransaction(deps.db, async (tx) => {
        const application = await repo.findApplication(tx, clientId, req.applicationNumber, true);
        if (!application || application.issue_symbol !== issue.symbol) return reject('EGN005');
        if (!application.active) return reject('IPO002', 'This bid is already cancelled.');
        const existing = (await repo.bidsOf(tx, [application.id])).get(application.id) ?? [];
        const live = new Map(existing.filter((b) => b.activity !== 'Cancelled').map((b) => [b.slot, b]));

        // Each slot's activity must fit what the slot holds: modify/cancel name its placed bid, new an empty slot. A
        // cancel naming no bid in a slot without a live one cancels nothing: slot 1's activity may not be blank, so
        // that is how an application whose bids are in slots 2 and 3 only is cancelled.
        for (const [i, activity] of slotActivities.entries()) {
          const placed = live.get(i + 1);
          if (activity === 'cancel' && !placed && refs[i] === '' && lots[i] === 0) continue;
          if (activity === 'modify' || activity === 'cancel') {
            if (!placed || placed.bid_reference !== refs[i]) return reject('EGN005');
          } else if (activity === 'new') {
            if (placed) return reject('IPO002', `Bid ${i + 1} is already placed: modify or cancel it.`);
          } else if (placed || lots[i]! > 0) {
            return reject('IPO002', `Bid ${i + 1} needs an activity type.`);
          }
        }

        const now = new Date(deps.now());
        if (mode === 'cancel') {
          for (const slot of live.keys()) await repo.cancelBid(tx, application.id, slot, now);
        } else {
          const slots: IpoBidSlot[] = lots.map((l, i) => ({
            lots: l,
            price: prices[i]!,
            existing: live.has(i + 1),
            cancelled: slotActivities[i] === 'cancel',
          }));
          const check = checkIpoBid(termsOf(issue), { atCutOff: req.atCutOff, slots }, 'modify');
          if (!check.ok) return reject('IPO002', check.message);
          for (const [i, activity] of slotActivities.entries()) {
            const slot = i + 1;
            const price = req.atCutOff ? issue.cut_off_price_paise : prices[i]!;
            const bid = {
              slot,
              atCutOff: req.atCutOff,
              lots: lots[i]!,
              quantity: lots[i]! * issue.lot_size,
              pricePaise: price,
            };
            if (activity === 'cancel') {
              if (live.has(slot)) await repo.cancelBid(tx, application.id, slot, now);
            } else if (activity === 'modify') await repo.modifyBid(tx, application.id, bid, now);
            else if (activity === 'new' && lots[i]! > 0) await repo.insertBid(tx, application.id, bid, now);
          }
        }
        await repo.touchApplication(tx, application.id, now);
        await audit(tx, mode, application.application_number);
        const bids = (await repo.bidsOf(tx, [application.id])).get(application.id) ?? [];
        return ok({ applicationNumber: application.application_number, bids: bids.map(bidOf) });
      });
    },
  };
}

export type IpoService = ReturnType<typeof ipoService>;
