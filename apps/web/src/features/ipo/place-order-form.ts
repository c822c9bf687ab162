import {
  type AddIpoRequest,
  checkIpoBid,
  formatScaled,
  type IpoActivity,
  type IpoBid,
  type IpoBidEntry,
  type IpoCategory,
  type IpoDemat,
  type IpoMaster,
  type IpoOrder,
  ipoBidAmounts,
  ipoTermsOf,
  investingText,
  parseRupees,
} from '@kite/domain';

/**
 * The 'IPO - Place Order' form (investing.md 2, 4 "IPO", 5 "IPO bid", 7): its state, the request it sends and the
 * activity type of each slot. The rules themselves are domain's (checkIpoBid, ipoBidAmounts), as on the server.
 */

const text = investingText.ipo;

export interface BidForm {
  category: IpoCategory;
  atCutOff: boolean;
  /** Lots and prices of the three slots as typed (decimal strings; '' or '0' empty). */
  lots: [string, string, string];
  prices: [string, string, string];
  upi: string;
}

const lotsOf = (value: string): number => (/^\d+$/.test(value) ? Number(value) : 0);
const priceOf = (value: string): number => parseRupees(value === '' ? '0' : value) ?? 0;

/** The bid an application holds in slot i + 1 (by the bid's slot, not its position: a slot may be empty). */
export function bidInSlot(order: IpoOrder | undefined, i: number): IpoBid | undefined {
  return order?.bids.find((b) => b.slot === i + 1);
}

/** The first live bid's slot set for a new bid, or the order's bids for a modification. */
export function initialForm(master: IpoMaster, order?: IpoOrder): BidForm {
  const category = order?.category ?? master.category[0] ?? 'IND';
  if (!order) return { category, atCutOff: true, lots: ['1', '0', '0'], prices: [master.cutOffPrice, '', ''], upi: '' };
  const live = order.bids.filter((b) => b.activityType !== 'Cancelled');
  const atCutOff = live[0]?.atCutOff ?? true;
  const slot = (i: number) => bidInSlot(order, i);
  const lots = [0, 1, 2].map((i) => {
    const bid = slot(i);
    return bid && bid.activityType !== 'Cancelled' ? String(bid.quantity / order.lotSize) : '0';
  }) as BidForm['lots'];
  const prices = [0, 1, 2].map((i) => {
    const bid = slot(i);
    return bid && bid.activityType !== 'Cancelled' ? bid.price : '';
  }) as BidForm['prices'];
  return { category, atCutOff, lots, prices, upi: order.upi };
}

/** The bid entry the domain rules read; `order` marks the slots that hold a placed bid. */
export function entryOf(form: BidForm, order?: IpoOrder): IpoBidEntry {
  return {
    atCutOff: form.atCutOff,
    slots: [0, 1, 2].map((i) => {
      const placed = bidInSlot(order, i);
      const existing = placed !== undefined && placed.activityType !== 'Cancelled';
      // A cut-off bid keeps slot 1 only: placed slots 2 and 3 are cancelled (investing.md 4).
      const cancelled = existing && form.atCutOff && i > 0;
      return { lots: lotsOf(form.lots[i]!), price: priceOf(form.prices[i]!), existing, cancelled };
    }),
  };
}

export interface FormFigures {
  quantity: number;
  /** Rupee strings with 2 decimals. */
  amount: string;
  discount: string;
  payable: string;
}

export function figuresOf(master: IpoMaster, form: BidForm, order?: IpoOrder): FormFigures {
  const amounts = ipoBidAmounts(ipoTermsOf(master), entryOf(form, order));
  return {
    quantity: amounts.quantity,
    amount: formatScaled(amounts.total, 2),
    discount: formatScaled(amounts.discount, 2),
    payable: formatScaled(amounts.payable, 2),
  };
}

/** Step 1's checks in the spec's order; the message to show, with the slot whose price resets, or null. */
export function checkStep1(
  master: IpoMaster,
  form: BidForm,
  demats: readonly IpoDemat[],
  order?: IpoOrder,
): { message: string; resetSlot?: number } | null {
  const check = checkIpoBid(ipoTermsOf(master), entryOf(form, order), order ? 'modify' : 'new');
  if (!check.ok)
    return { message: check.message, ...(check.resetPrice && check.slot ? { resetSlot: check.slot } : {}) };
  if (demats.length === 0) return { message: text.noDemat };
  return null;
}

/** Whether a modification changes nothing of the placed bids (investing.md 5: the no-change question). */
export function isUnchanged(master: IpoMaster, form: BidForm, order: IpoOrder): boolean {
  const before = initialForm(master, order);
  const same = (a: string, b: string) => priceOf(a) === priceOf(b);
  if (form.atCutOff !== before.atCutOff || form.category !== before.category) return false;
  const slots = form.atCutOff ? [0] : [0, 1, 2];
  return slots.every(
    (i) =>
      lotsOf(form.lots[i]!) === lotsOf(before.lots[i]!) && (form.atCutOff || same(form.prices[i]!, before.prices[i]!)),
  );
}

/** The activity type of each slot (investing.md 4): placed slots modify (or cancel), newly filled ones new. */
export function activitiesOf(form: BidForm, order?: IpoOrder): [IpoActivity, IpoActivity | '', IpoActivity | ''] {
  const entry = entryOf(form, order);
  const activity = (i: number): IpoActivity | '' => {
    const slot = entry.slots[i]!;
    if (slot.existing) return slot.cancelled ? 'cancel' : 'modify';
    if (i === 0) return 'new';
    return slot.lots > 0 && !form.atCutOff ? 'new' : '';
  };
  return [activity(0) || 'new', activity(1), activity(2)];
}

/** Prices as sent: blank when 0.00 (investing.md 7); a cut-off bid sends the cut-off price. */
function sentPrice(form: BidForm, master: IpoMaster, i: number): string {
  if (form.atCutOff) return i === 0 ? master.cutOffPrice : '';
  const paise = priceOf(form.prices[i]!);
  return paise > 0 ? formatScaled(paise, 2) : '';
}

/** The /IPO/AddIPO request of a new bid or a modification. */
export function requestOf(
  master: IpoMaster,
  form: BidForm,
  demat: IpoDemat,
  order?: IpoOrder,
): Omit<AddIpoRequest, 'appKey'> {
  const [a1, a2, a3] = activitiesOf(form, order);
  // A cut-off bid has slot 1 only; slots 2 and 3 go as 0 (cancelled when they were placed).
  const lots = (i: number) => (form.atCutOff && i > 0 ? 0 : lotsOf(form.lots[i]!));
  const ref = (i: number) => bidInSlot(order, i)?.bidReferenceNumber ?? '';
  return {
    symbol: master.symbol,
    clientName: demat.clientName,
    applicationNumber: order?.applicationNumber ?? '',
    atCutOff: form.atCutOff,
    multiBid: !form.atCutOff,
    lot: lots(0),
    lot2: lots(1),
    lot3: lots(2),
    lotSize: master.lotSize,
    price: sentPrice(form, master, 0),
    price2: sentPrice(form, master, 1),
    price3: sentPrice(form, master, 2),
    pan: demat.pan,
    dpId: demat.dpId,
    upi: order ? order.upi : form.upi.trim(),
    bidRefNum: a1 === 'new' ? '' : ref(0),
    bidRefNum2: a2 === 'modify' || a2 === 'cancel' ? ref(1) : '',
    bidRefNum3: a3 === 'modify' || a3 === 'cancel' ? ref(2) : '',
    depository: demat.type,
    clientBenId: demat.value,
    activityType: a1,
    activityType2: a2,
    activityType3: a3,
    category: form.category,
  };
}

/**
 * The /IPO/AddIPO request cancelling every live bid of an application, each in its own slot. Slot 1's activity is
 * cancel even when the slot holds no live bid (the call has no blank activity for it); it then names no bid.
 */
export function cancelRequestOf(order: IpoOrder): Omit<AddIpoRequest, 'appKey'> {
  const live = (i: number): IpoBid | undefined => {
    const bid = bidInSlot(order, i);
    return bid !== undefined && bid.activityType !== 'Cancelled' ? bid : undefined;
  };
  const first = order.bids.find((b) => b.activityType !== 'Cancelled') ?? order.bids[0];
  const atCutOff = first?.atCutOff ?? false;
  // A cut-off application has slot 1 only.
  const used = (i: number) => (atCutOff && i > 0 ? undefined : live(i));
  const lots = (i: number) => {
    const bid = used(i);
    return bid ? bid.quantity / order.lotSize : 0;
  };
  return {
    symbol: order.symbol,
    clientName: order.clientName,
    applicationNumber: order.applicationNumber,
    atCutOff,
    multiBid: !atCutOff,
    lot: lots(0),
    lot2: lots(1),
    lot3: lots(2),
    lotSize: order.lotSize,
    price: used(0)?.price ?? '',
    price2: used(1)?.price ?? '',
    price3: used(2)?.price ?? '',
    pan: order.pan,
    dpId: order.dpId,
    upi: order.upi,
    bidRefNum: live(0)?.bidReferenceNumber ?? '',
    bidRefNum2: live(1)?.bidReferenceNumber ?? '',
    bidRefNum3: live(2)?.bidReferenceNumber ?? '',
    depository: order.depository,
    clientBenId: order.clientBenId,
    activityType: 'cancel',
    activityType2: live(1) ? 'cancel' : '',
    activityType3: live(2) ? 'cancel' : '',
    category: order.category,
  };
}
