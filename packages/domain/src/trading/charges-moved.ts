import {
  CHARGE_AMOUNTS,
  chargesDifference,
  computeExecutionCharges,
  noChargeAmounts,
  type ChargeAmounts,
  type ChargesProduct,
  type ExecutionInput,
} from './charges.ts';

/** One fill of an order: its quantity and price, and how much of it now lies in another product. */
export interface MovedFill {
  quantity: number;
  /** Price units. */
  price: number;
  /** Of `quantity`, what was moved to the other product (0..quantity). */
  moved: number;
}

/** A fill's charges, and of them those of its moved quantity (the rest are its booked quantity's). */
export interface MovedFillCharges {
  charges: ChargeAmounts;
  moved: ChargeAmounts;
}

/**
 * The charges of each fill of one order (one instrument and side) when part of its quantity ended the day in another
 * product (a position transfer, or the end of day settling an unsquared intraday position): the order's execution is
 * charged as two, the quantity left in the booked product and the moved quantity in the other one, each cumulatively
 * as the OMS charges fills (computeExecutionCharges less what the earlier fills paid, so brokerage stays per executed
 * order and STT is rounded on the order's whole). The fills then add up to exactly the two executions' charges; each
 * fill's `moved` is its share of the moved execution's.
 */
export function chargesOfMovedFills(
  order: Omit<ExecutionInput, 'product' | 'quantity' | 'value'>,
  booked: ChargesProduct,
  movedTo: ChargesProduct,
  fills: readonly MovedFill[],
): MovedFillCharges[] {
  const parts = [
    { product: booked, qty: 0, value: 0n, paid: noChargeAmounts() },
    { product: movedTo, qty: 0, value: 0n, paid: noChargeAmounts() },
  ];
  return fills.map((fill) => {
    if (!Number.isSafeInteger(fill.moved) || fill.moved < 0 || fill.moved > fill.quantity)
      throw new RangeError('moved must be a whole number within the fill');
    const out = noChargeAmounts();
    const moved = noChargeAmounts();
    const quantities = [fill.quantity - fill.moved, fill.moved];
    parts.forEach((part, i) => {
      const qty = quantities[i]!;
      if (qty === 0) return;
      part.qty += qty;
      part.value += BigInt(fill.price) * BigInt(qty);
      const cumulative = computeExecutionCharges({
        ...order,
        product: part.product,
        quantity: part.qty,
        value: part.value,
      });
      const charged = chargesDifference(cumulative, part.paid);
      for (const key of CHARGE_AMOUNTS) {
        part.paid[key] += charged[key];
        out[key] += charged[key];
        if (i === 1) moved[key] += charged[key];
      }
    });
    return { charges: out, moved };
  });
}
