import { tradingText } from '../messages/trading.ts';
import { disclosedMinimumPercent, quantityLabel } from './segments.ts';

const text = tradingText.orderEntry;

export interface DisclosedQuantityFacts {
  instr: string;
  exchange: string;
  lot: number;
}

/** Labels of the disclosed-quantity messages: QTY, or LOT for currency and commodity (trading.md 9). */
export function disclosedQuantityLabels(facts: Pick<DisclosedQuantityFacts, 'instr' | 'exchange'>): {
  label: string;
  quantityLabel: 'QTY' | 'LOT';
  minimumPercent: 10 | 25;
} {
  const qty = quantityLabel(facts.instr, facts.exchange);
  return {
    label: text.disclosedLabel(qty),
    quantityLabel: qty,
    minimumPercent: disclosedMinimumPercent(facts.instr, facts.exchange),
  };
}

/**
 * trading.md 5.1 rule 6: 0 means none; otherwise at least 10% of the quantity (25% for commodity and options on
 * futures), not above the quantity, and a multiple of the lot. `disclosed` null is text that is not a whole number.
 * Answers the spec's message, or null when fine.
 */
export function checkDisclosedQuantity(
  disclosed: number | null,
  quantity: number,
  facts: DisclosedQuantityFacts,
): string | null {
  const { label, quantityLabel: qtyLabel, minimumPercent } = disclosedQuantityLabels(facts);
  if (disclosed === null) return text.disclosedMultiple(label, facts.lot);
  if (disclosed === 0) return null;
  if (disclosed < 0 || disclosed * 100 < quantity * minimumPercent)
    return text.disclosedBelowMinimum(label, minimumPercent, qtyLabel);
  if (disclosed > quantity) return text.disclosedAboveQuantity(label, qtyLabel);
  if (facts.lot > 0 && disclosed % facts.lot !== 0) return text.disclosedMultiple(label, facts.lot);
  return null;
}
