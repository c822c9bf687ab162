import { platformText, type SavedChart, type SymbolObject } from '@kite/domain';
import { useState } from 'react';
import { Dialog, openDialog } from '../../components/dialog/index.ts';
import { pause, resume } from '../../lib/stream/stream.ts';
import { useQuote } from '../market-data/get-quote.ts';
import { defaultChart } from './chart-options.ts';
import { ChartWidget } from './ChartWidget.tsx';
import { CHART_SCREEN, symbolName } from './use-chart-data.ts';
import styles from './charts.module.css';

/** The chart dialog flag of the app state (platform.md 3.4): one chart popup at a time. */
let open = false;
export const isChartDialogOpen = (): boolean => open;

/**
 * The popup's chart: the symbol's default chart, a year of daily candles. A client opening a chart from a list wants a
 * quick look at where the price has been lately, and a year of daily candles shows the trend, the year's high and low
 * and the last few sessions at once; 1D/3M/5Y and the other tools are a click away in the header. It is transient:
 * changes live only while the popup is open and no chart slot (Chart 1-4) is read or written.
 */
function ChartPopup({ sym, close }: { sym: SymbolObject; close: () => void }) {
  const [chart, setChart] = useState<SavedChart>(() => defaultChart(sym));
  const quote = useQuote(chart.symObj).data?.quote;
  const name = quote?.displaySym ?? symbolName(chart.symObj);
  return (
    <Dialog title={`${platformText.chartPopupTitle} · ${name}`} size="large" onDismiss={close}>
      <div className={styles.popup}>
        {/* Small view: no BUY/SELL in the popup (investing.md "Charts"), and no expand over the window. */}
        <ChartWidget chart={chart} onChange={setChart} expanded={false} small />
      </div>
    </Dialog>
  );
}

/**
 * The shell's chart popup (platform.md 2.8) for a symbol. Escape or the close icon closes it. While it is open the
 * rest of the app's live updates stop and resume on close (trading.md 4.5); the chart's own price keeps ticking.
 */
export async function openChartDialog(sym: SymbolObject): Promise<void> {
  if (open) return;
  open = true;
  pause(CHART_SCREEN);
  try {
    await openDialog<void>((close) => <ChartPopup sym={sym} close={() => close()} />, 'chart-popup');
  } finally {
    open = false;
    resume();
  }
}
