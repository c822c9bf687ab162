import {
  formatPercent,
  formatQuantity,
  investingText,
  priceString,
  priceUnits,
  type PriceDecimals,
} from '@kite/domain';
import { displayPrice, signOf, withSign } from '../market-data/price-format.ts';
import type { Bar } from './bars.ts';
import styles from './charts.module.css';

const text = investingText.charts;

/** The change from the previous bar's close as a price, and in percent to 2 decimals (integer arithmetic: exact). */
export function barChange(
  bar: Bar,
  previous: Bar | null,
  decimals: PriceDecimals,
): { change: string; percent: string } | null {
  if (!previous || previous.close === 0) return null;
  const units = bar.close - previous.close;
  return {
    change: priceString(priceUnits(units), decimals),
    percent: formatPercent(Math.round((units * 10_000) / previous.close)),
  };
}

export interface ChartHudProps {
  title: string;
  bar: Bar | null;
  previous: Bar | null;
  decimals: PriceDecimals;
}

/**
 * The heads-up display (investing.md "Charts"): O, H, L, C and V of the bar under the crosshair, else of the last bar,
 * with its change from the bar before. Prices are shown as the server wrote them, grouped the Indian way.
 */
export function ChartHud({ title, bar, previous, decimals }: ChartHudProps) {
  const labels = text.hudLabels;
  const moved = bar ? barChange(bar, previous, decimals) : null;
  const direction = signOf(moved?.change);
  const figure = (label: string, value: string, className = '') => (
    <div className={styles.hudItem}>
      <dt>{label}</dt>
      <dd className={`num ${className}`}>{value}</dd>
    </div>
  );
  return (
    <div className={styles.hud} role="group" aria-label={text.hud} data-testid="chart-hud">
      <span className={styles.hudTitle}>{title}</span>
      {bar && (
        <dl className={styles.hudFigures}>
          {figure(labels.open, displayPrice(bar.text.open, decimals))}
          {figure(labels.high, displayPrice(bar.text.high, decimals))}
          {figure(labels.low, displayPrice(bar.text.low, decimals))}
          {figure(labels.close, displayPrice(bar.text.close, decimals), direction)}
          {figure(labels.volume, formatQuantity(bar.volume))}
        </dl>
      )}
      {moved && (
        <span className={`num ${direction}`}>
          {withSign(displayPrice(moved.change, decimals), moved.change)} ({withSign(moved.percent, moved.percent)}%)
        </span>
      )}
    </div>
  );
}
