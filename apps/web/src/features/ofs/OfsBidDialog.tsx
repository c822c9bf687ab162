import {
  formatScaled,
  checkOfsBid,
  formatAmount,
  informationText,
  type OfsCategory,
  ofsCategories,
  ofsOrderPrice,
} from '@kite/domain';
import { useId, useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog, showMessage } from '../../components/dialog/index.ts';
import { TabList } from '../../components/tabs/index.ts';
import type { OfsOffer } from './ofs-samples.ts';
import styles from './ofs.module.css';

const text = informationText.ofs;

/** The bid dialog (investing.md 2 "OFS"): IS / RS tabs, quantity, price, the order price and the margin style. */
export function OfsBidDialog({ offer, onDone }: { offer: OfsOffer; onDone: () => void }) {
  const ids = { quantity: useId(), price: useId(), orderPrice: useId(), margin: useId(), error: useId() };
  const [category, setCategory] = useState<OfsCategory>('RS');
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState(formatScaled(offer.floorPricePaise, 2));
  const [error, setError] = useState<{ field: 'quantity' | 'price'; message: string } | null>(null);
  const orderPrice = ofsOrderPrice(quantity, price);
  const invalid = (field: 'quantity' | 'price') =>
    error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': ids.error } : {};
  const place = () => {
    const check = checkOfsBid({ category, quantity, price, floorPricePaise: offer.floorPricePaise });
    if (!check.ok) {
      setError({ field: check.field, message: check.message });
      return;
    }
    onDone();
    void showMessage({ header: text.placedTitle, message: text.placedText });
  };
  return (
    <Dialog
      title={text.bidTitle(offer.symbol)}
      size="medium"
      onDismiss={onDone}
      footer={
        <>
          <Button onClick={onDone}>{text.cancel}</Button>
          <Button variant="buy" onClick={place}>
            {text.place}
          </Button>
        </>
      }
    >
      <TabList
        tabs={ofsCategories.map((c) => ({ id: c, label: text.categories[c] }))}
        selected={category}
        onSelect={(c) => {
          setCategory(c);
          setError(null);
        }}
        label={text.bidTitle(offer.symbol)}
        className={styles.tabs}
        tabClassName={styles.tab}
      />
      <p className={styles.hint}>{text.categoryHints[category]}</p>
      <div className={styles.form}>
        <label className={styles.label} htmlFor={ids.quantity}>
          {text.quantity}
        </label>
        <input
          id={ids.quantity}
          className={`${styles.control} num`}
          inputMode="numeric"
          autoComplete="off"
          value={quantity}
          onChange={(e) => {
            setQuantity(e.target.value);
            setError(null);
          }}
          {...invalid('quantity')}
        />
        <label className={styles.label} htmlFor={ids.price}>
          {text.price}
        </label>
        <input
          id={ids.price}
          className={`${styles.control} num`}
          inputMode="decimal"
          autoComplete="off"
          value={price}
          onChange={(e) => {
            setPrice(e.target.value);
            setError(null);
          }}
          {...invalid('price')}
        />
        <p className={styles.fieldHint}>{text.floorHint(formatAmount(offer.floorPricePaise))}</p>
        <span className={styles.label} id={ids.orderPrice}>
          {text.orderPrice}
        </span>
        <output className={`${styles.orderPrice} num`} aria-labelledby={ids.orderPrice}>
          {orderPrice === null ? '--' : formatAmount(orderPrice)}
        </output>
        <label className={styles.label} htmlFor={ids.margin}>
          {text.marginStyle}
        </label>
        <select id={ids.margin} className={styles.control} defaultValue={text.marginStyles[0]}>
          {text.marginStyles.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        {error && (
          <p id={ids.error} className={styles.error} role="alert">
            {error.message}
          </p>
        )}
      </div>
    </Dialog>
  );
}

export function openOfsBid(offer: OfsOffer): Promise<void> {
  return openDialog<void>((close) => <OfsBidDialog offer={offer} onDone={() => close()} />).then(() => undefined);
}
