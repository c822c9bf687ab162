import { formatPrice, tradingText, type PriceDecimals, type SymbolObject } from '@kite/domain';
import {
  AreaSeries,
  ColorType,
  LineStyle,
  createChart,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef } from 'react';
import { fade, onThemeChange, themeToken as token } from '../market-data/chart-theme.ts';
import { usePriceChart } from '../market-data/price-chart.ts';
import { istDateTime, lastSessionPoints, minuteBucket, streamTimeSeconds } from '../market-data/chart-time.ts';
import { liveStep } from './intraday-live.ts';
import styles from './scrip-details.module.css';

/** Five days back so the last session is found over a weekend or holiday. */
const LOOKBACK_MS = 5 * 24 * 60 * 60_000;

export interface IntradayChartProps {
  sym: SymbolObject;
  decimals: PriceDecimals;
  /** Latest traded price and its IST time from the stream, in price units; moves the last point live. */
  live: { units: number; time: string } | null;
  /** Previous close in price units: a dashed reference line, and the colour (up or down) of the day. */
  closeUnits: number | null;
  up: boolean;
}

/** A compact intraday chart of /Chart/PriceChart one-minute closes (investing.md "Charts"), updated by the stream. */
export function IntradayChart({ sym, decimals, live, closeUnits, up }: IntradayChartProps) {
  const params = useMemo(() => {
    const now = Date.now();
    return { sym, fromDate: istDateTime(now - LOOKBACK_MS), toDate: istDateTime(now), interval: '1' as const };
  }, [sym]);
  const candles = usePriceChart(params);
  const points = useMemo(() => lastSessionPoints(candles.data ?? [], decimals), [candles.data, decimals]);

  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Area'> | null>(null);
  const closeLineRef = useRef<IPriceLine | null>(null);
  const lastTimeRef = useRef(0);
  const paintRef = useRef<() => void>(() => undefined);
  const upRef = useRef(up);
  upRef.current = up;

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const format = (value: number) => formatPrice(Math.round(value), decimals);
    const chart = createChart(box, {
      autoSize: true,
      localization: { priceFormatter: format },
      timeScale: { timeVisible: true, secondsVisible: false, borderVisible: false },
      rightPriceScale: { borderVisible: false },
      handleScale: false,
      handleScroll: false,
    });
    const series = chart.addSeries(AreaSeries, {
      lineWidth: 2,
      priceFormat: { type: 'custom', formatter: format, minMove: 1 },
      priceLineVisible: false,
    });
    // Colours come from the theme's tokens and follow a theme switch.
    const paint = () => {
      const text = token(box, '--text-muted');
      const grid = token(box, '--border');
      const line = token(box, upRef.current ? '--up' : '--down');
      chart.applyOptions({
        layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: text, fontSize: 11, attributionLogo: false },
        grid: { vertLines: { visible: false }, horzLines: { color: fade(grid, 0.5) } },
        crosshair: { vertLine: { labelBackgroundColor: grid }, horzLine: { labelBackgroundColor: grid } },
      });
      series.applyOptions({ lineColor: line, topColor: fade(line, 0.28), bottomColor: fade(line, 0.02) });
      closeLineRef.current?.applyOptions({ color: text });
    };
    paint();
    const stopWatching = onThemeChange(paint);
    // The whole session stays in view when the window (and so the chart) changes size.
    const resized = new ResizeObserver(() => chart.timeScale().fitContent());
    resized.observe(box);
    chartRef.current = chart;
    seriesRef.current = series;
    paintRef.current = paint;
    return () => {
      stopWatching();
      resized.disconnect();
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
      closeLineRef.current = null;
      paintRef.current = () => undefined;
    };
  }, [decimals]);

  useEffect(() => paintRef.current(), [up]);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    series.setData(points.map((point) => ({ time: point.time as UTCTimestamp, value: point.value })));
    lastTimeRef.current = points.at(-1)?.time ?? 0;
    chartRef.current?.timeScale().fitContent();
  }, [points]);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    if (closeLineRef.current) series.removePriceLine(closeLineRef.current);
    closeLineRef.current =
      closeUnits === null
        ? null
        : series.createPriceLine({
            price: closeUnits,
            color: token(boxRef.current ?? document.documentElement, '--text-muted'),
            lineWidth: 1,
            lineStyle: LineStyle.Dashed,
            axisLabelVisible: false,
            title: 'Prev. close',
          });
  }, [closeUnits, points]);

  // Live: the tick moves the current minute's point; an older minute than the last bar is ignored, and a new
  // session's first trade starts the chart again.
  useEffect(() => {
    const series = seriesRef.current;
    if (!series || !live || points.length === 0) return;
    const seconds = streamTimeSeconds(live.time);
    if (seconds === null) return;
    const bucket = minuteBucket(seconds);
    const step = liveStep(lastTimeRef.current, bucket);
    if (step === 'ignore') return;
    const point = { time: bucket as UTCTimestamp, value: live.units };
    if (step === 'restart') {
      series.setData([point]);
      chartRef.current?.timeScale().fitContent();
    } else series.update(point);
    lastTimeRef.current = bucket;
  }, [live, points]);

  let overlay: string | null = null;
  if (candles.isPending) overlay = tradingText.chartLoading;
  else if (points.length === 0) overlay = tradingText.chartEmpty;
  return (
    <div className={styles.chartBox}>
      <div ref={boxRef} className={styles.chartCanvas} role="img" aria-label={`${tradingText.chartTitle} of ${sym.xSym}`} />
      {overlay && (
        <p className={styles.chartOverlay} role="status">
          {overlay}
        </p>
      )}
    </div>
  );
}
