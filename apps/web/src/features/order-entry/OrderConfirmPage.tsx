import {
  hasStopLossTrigger,
  isSpread,
  placedOrderTypeOfForm,
  quantityLabel,
  tradingText,
  type ChargesResponse,
  type OrderForm,
} from '@kite/domain';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import styles from './order-entry.module.css';

const t = tradingText.orderEntry;
const d = tradingText.orderDialog;

function productLabel(form: OrderForm): string {
  if (form.product === 'SP') return 'Spread';
  return t.productChoices[form.product] ?? form.product;
}

/** The confirmation page (trading.md 2.2): the list of inputs and an expandable Charges section. */
export function OrderConfirmPage({
  form,
  scrip,
  charges,
}: {
  form: OrderForm;
  scrip: ScripRef;
  charges: ChargesResponse | null;
}) {
  // The input page's own labels: Lot for currency and commodity; a spread confirms its price difference (the spread
  // book trades it) and has no trigger price or disclosed quantity (trading.md 2.2, 2.4).
  const unit = quantityLabel(scrip.sym.instr, scrip.sym.exc);
  const spread = isSpread(scrip.sym.instr);
  // The order type placed (SL / SL-M with a trigger); only a stop-loss order confirms a trigger price.
  const orderType = placedOrderTypeOfForm(form);
  const rows: [string, string][] = [
    [d.symbol, scrip.displaySym],
    [d.exchangeLabel, scrip.sym.exc],
    [d.action, form.action.toUpperCase()],
    [t.orderFor, productLabel(form)],
    [t.advanceOrderType, t.advanceTypes[form.advanceType]],
    [t.orderType, t.placedOrderTypes[orderType]],
    [t.validity, form.validity === 'VTD' ? `${t.validities.VTD} ${form.vtdDate}` : t.validities[form.validity]],
    [unit === 'LOT' ? t.lot : t.quantity, form.quantity],
    [t.price, form.orderType === 'market' ? t.priceTypes.market : form.price],
  ];
  if (spread) rows.push([d.priceDiff, form.priceDiff ?? '0']);
  else {
    if (hasStopLossTrigger(orderType)) rows.push([d.triggerPrice, form.triggerPrice]);
    rows.push([tradingText.orderEntry.disclosedLabel(unit), form.disclosedQuantity || '0']);
  }
  if (form.advanceType === 'COVER') rows.push([d.coverTrigger, form.coTriggerPrice]);
  if (form.advanceType === 'BRACKET') {
    rows.push([d.bracketStopLoss, form.boTriggerPrice], [d.bracketTarget, form.boTargetPrice]);
  }
  rows.push([t.afterMarketOrder, form.isAmo ? d.amoYes : d.amoNo]);
  return (
    <div className={styles.confirm}>
      <dl className={styles.summary}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.summaryRow}>
            <dt>{label}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
      </dl>
      <details className={styles.charges}>
        <summary>{t.charges}</summary>
        {charges ? (
          <table className={styles.chargesTable} aria-label={t.charges}>
            <tbody>
              {(Object.keys(d.chargesRows) as (keyof typeof d.chargesRows)[]).map((key) => (
                <tr key={key}>
                  <th scope="row">{d.chargesRows[key]}</th>
                  <td className="num">₹ {charges[key]}</td>
                </tr>
              ))}
              <tr className={styles.chargesTotal}>
                <th scope="row">{d.chargesTotal}</th>
                <td className="num">₹ {charges.total}</td>
              </tr>
            </tbody>
          </table>
        ) : (
          <p className={styles.hint}>—</p>
        )}
      </details>
    </div>
  );
}
