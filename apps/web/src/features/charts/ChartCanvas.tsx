import {
  formatPrice,
  parsePrice,
  priceString,
  priceUnits,
  type ChartDrawing,
  type ChartStudy,
  type ChartType,
  type PriceDecimals,
} from '@kite/domain';
import {
  AreaSeries,
  BarSeries,
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  PriceScaleMode,
  createChart,
  type AutoscaleInfo,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type MouseEventParams,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { fade, onThemeChange, themeToken } from '../market-data/chart-theme.ts';
import { heikinAshi, heikinAshiBar, type Bar, type PlotBar } from './bars.ts';
import { priceRangeAtLeast, tickLabels } from './price-axis.ts';
import { comparisonColour, studyColour } from './series-colours.ts';
import { studyPlot, type StudyLine, type StudyPlot } from './studies.ts';
import styles from './charts.module.css';

export type DrawTool = 'horizontal' | 'trend';

export interface ChartCanvasHandle {
  /** The chart as drawn (every pane, the scales) with a title in its corner, for the share image; null before it exists. */
  screenshot(title: string): HTMLCanvasElement | null;
}

export interface CanvasComparison {
  key: string;
  label: string;
  bars: readonly Bar[];
}

export interface ChartCanvasProps {
  /** History, drawn with setData; the live bar follows with update() (STYLE.md "Speed"). */
  bars: readonly Bar[];
  live: Bar | null;
  chartType: ChartType;
  decimals: PriceDecimals;
  /** The instrument's tick in price units (price-axis `tickUnitsOf`): the price scale's labels stand on whole ticks. */
  tickUnits: number;
  intraday: boolean;
  /** Bars a whole view holds (a day span's sessions of minute bars): they start at the left edge as the day fills. */
  viewBars: number | null;
  /** Blank bar times before the first bar (chart-options `sessionLeadOf`), so the bars stand at their time of day. */
  sessionLead: readonly number[];
  crosshair: boolean;
  studies: readonly ChartStudy[];
  comparisons: readonly CanvasComparison[];
  drawings: readonly ChartDrawing[];
  /** The drawing tool while Draw is on; null when off. */
  drawTool: DrawTool | null;
  onDrawing: (drawing: ChartDrawing) => void;
  /** A trend line's first point is placed (true) or the line finished or abandoned (false). */
  onPendingPoint: (pending: boolean) => void;
  /** The bar time under the crosshair, or null when the pointer leaves the bars. */
  onHover: (time: number | null) => void;
  label: string;
  ref?: Ref<ChartCanvasHandle>;
}

type AnySeries = ISeriesApi<SeriesType>;

function palette(box: Element) {
  return {
    text: themeToken(box, '--text-muted'),
    border: themeToken(box, '--border'),
    up: themeToken(box, '--up'),
    down: themeToken(box, '--down'),
    accent: themeToken(box, '--accent'),
    faint: themeToken(box, '--text-faint'),
    raised: themeToken(box, '--bg-raised'),
    font: themeToken(box, '--font-sans'),
    chart: (index: number) => themeToken(box, `--chart-${index}`),
  };
}
type Palette = ReturnType<typeof palette>;

interface Built {
  colours: Palette;
  main: AnySeries;
  /** Heikin-Ashi bars of the history, so a live bar continues them. */
  heikinAshi: PlotBar[];
  studies: { plot: StudyPlot; study: ChartStudy; series: AnySeries[] }[];
  others: AnySeries[];
}

const at = (time: number) => time as UTCTimestamp;

function mainSeries(
  chart: IChartApi,
  type: ChartType,
  colours: Palette,
  format: (value: number) => string,
  axis: { tick: number; decimals: PriceDecimals },
): AnySeries {
  const priceFormat = {
    type: 'custom' as const,
    formatter: format,
    tickmarksFormatter: (prices: number[]) => tickLabels(prices, axis.tick, axis.decimals),
    minMove: 1,
  };
  const scale = {
    priceFormat,
    autoscaleInfoProvider: (bars: () => AutoscaleInfo | null) => {
      const info = bars();
      return info?.priceRange ? { ...info, priceRange: priceRangeAtLeast(info.priceRange, axis.tick) } : info;
    },
  };
  const candle = {
    ...scale,
    upColor: colours.up,
    downColor: colours.down,
    borderUpColor: colours.up,
    borderDownColor: colours.down,
    wickUpColor: colours.up,
    wickDownColor: colours.down,
  };
  switch (type) {
    case 'candle':
    case 'heikinashi':
      return chart.addSeries(CandlestickSeries, { ...candle, borderVisible: false });
    case 'hollow_candle':
      // Rising bars drawn as outlines, falling ones filled (the usual hollow candle).
      return chart.addSeries(CandlestickSeries, { ...candle, upColor: 'rgba(0, 0, 0, 0)', borderVisible: true });
    case 'bar':
      return chart.addSeries(BarSeries, { ...scale, upColor: colours.up, downColor: colours.down, thinBars: false });
    case 'line':
      return chart.addSeries(LineSeries, { ...scale, color: colours.accent, lineWidth: 2 });
    case 'area':
      return chart.addSeries(AreaSeries, {
        ...scale,
        lineColor: colours.accent,
        lineWidth: 2,
        topColor: fade(colours.accent, 0.32),
        bottomColor: fade(colours.accent, 0.02),
      });
    default: {
      const unknown: never = type;
      throw new Error(`Unknown chart type ${String(unknown)}`);
    }
  }
}

/** The main series' point for a bar in the shape its type takes. */
function mainPoint(type: ChartType, bar: Bar, ha: PlotBar | undefined) {
  if (type === 'line' || type === 'area') return { time: at(bar.time), value: bar.close };
  const source = type === 'heikinashi' && ha ? ha : bar;
  return { time: at(bar.time), open: source.open, high: source.high, low: source.low, close: source.close };
}

const histogramAlpha = (plot: StudyPlot): number => (plot.pane === 'volume' ? 0.45 : 0.6);

function studySeries(
  chart: IChartApi,
  plot: StudyPlot,
  colourIndex: number,
  pane: number,
  colours: Palette,
  format: (value: number) => string,
): AnySeries[] {
  const colour = colours.chart(colourIndex);
  const priceFormat =
    plot.scale === 'price'
      ? { type: 'custom' as const, formatter: format, minMove: 1 }
      : plot.pane === 'volume'
        ? { type: 'volume' as const }
        : { type: 'price' as const, precision: 2, minMove: 0.01 };
  // RSI keeps its whole 0-100 range in view, so its 70 and 30 guides always show.
  const range =
    plot.levels.length > 0 ? { autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }) } : {};
  const common = { priceFormat, lastValueVisible: plot.pane === 'own', priceLineVisible: false, ...range };
  const onVolumeScale = plot.pane === 'volume' ? { priceScaleId: 'volume' } : {};
  return plot.lines.map((line: StudyLine) => {
    if (line.role === 'histogram') {
      const series = chart.addSeries(HistogramSeries, { ...common, ...onVolumeScale, lastValueVisible: false }, pane);
      const alpha = histogramAlpha(plot);
      series.setData(
        line.points.map((p) => ({
          time: at(p.time),
          value: p.value,
          color: fade(p.up ? colours.up : colours.down, alpha),
        })),
      );
      return series;
    }
    const series = chart.addSeries(
      LineSeries,
      {
        ...common,
        color: line.role === 'signal' && plot.pane === 'own' ? colours.accent : colour,
        lineWidth: line.role === 'band' ? 1 : 2,
        lineStyle: line.role === 'signal' && plot.pane === 'price' ? LineStyle.Dashed : LineStyle.Solid,
        crosshairMarkerVisible: false,
      },
      pane,
    );
    series.setData(line.points.map((p) => ({ time: at(p.time), value: p.value })));
    for (const level of plot.levels) {
      series.createPriceLine({
        price: level,
        color: colours.faint,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: false,
        title: '',
      });
    }
    return series;
  });
}

/** The bar time nearest a time (drawings made on another periodicity snap to this chart's bars), or null outside. */
function snapToBars(bars: readonly Bar[], time: number): number | null {
  const first = bars[0];
  const last = bars.at(-1);
  if (!first || !last || time < first.time || time > last.time + 1) return null;
  let chosen = first.time;
  for (const bar of bars) {
    if (bar.time > time) break;
    chosen = bar.time;
  }
  return chosen;
}

/** The screenshot with the chart's title (symbol, periodicity, exchange) written in its top-left corner. */
function titled(shot: HTMLCanvasElement, title: string, box: HTMLElement): HTMLCanvasElement {
  const context = shot.getContext('2d');
  if (!context) return shot;
  const colours = palette(box);
  const scale = box.clientWidth > 0 ? shot.width / box.clientWidth : 1;
  context.save();
  context.scale(scale, scale);
  context.font = `600 13px ${colours.font}`;
  const width = context.measureText(title).width;
  context.fillStyle = colours.raised;
  context.fillRect(8, 8, width + 16, 24);
  context.fillStyle = themeToken(box, '--text');
  context.textBaseline = 'middle';
  context.fillText(title, 16, 20);
  context.restore();
  return shot;
}

/**
 * A hollow candle's rising body is see-through, so its last-price line and label would be too: they take the last
 * bar's direction colour instead.
 */
function colourLastPrice(built: Pick<Built, 'main' | 'colours'>, chartType: ChartType, last: Bar | undefined): void {
  if (chartType !== 'hollow_candle' || !last) return;
  built.main.applyOptions({ priceLineColor: last.close >= last.open ? built.colours.up : built.colours.down });
}

/** Every bar in view: a day span's session from the left edge as it fills, anything else fitted to the width. */
function showWhole(chart: IChartApi, count: number, viewBars: number | null): void {
  if (viewBars !== null && count < viewBars) chart.timeScale().setVisibleLogicalRange({ from: -2, to: viewBars });
  else chart.timeScale().fitContent();
}

/** Moves the last bar (or adds the next) with update(): the main series and each study's last points. */
function applyLive(built: Built, live: Bar, bars: readonly Bar[], chartType: ChartType, intraday: boolean): void {
  const last = bars.at(-1);
  const history = last !== undefined && last.time === live.time ? bars.slice(0, -1) : bars;
  const previousHa = built.heikinAshi[history.length - 1];
  built.main.update(
    mainPoint(chartType, live, chartType === 'heikinashi' ? heikinAshiBar(previousHa, live) : undefined),
  );
  colourLastPrice(built, chartType, live);
  if (built.studies.length === 0) return;
  const merged = [...history, live];
  for (const { study, series } of built.studies) {
    const plot = studyPlot(study, merged, intraday);
    plot.lines.forEach((line, i) => {
      const point = line.points.at(-1);
      const target = series[i];
      if (!point || !target || point.time !== live.time) return;
      const colour =
        line.role === 'histogram'
          ? { color: fade(point.up ? built.colours.up : built.colours.down, histogramAlpha(plot)) }
          : {};
      target.update({ time: at(point.time), value: point.value, ...colour });
    });
  }
}

/**
 * The chart itself (lightweight-charts v5): the main series in the chosen type, studies over the prices or in panes
 * of their own, compared symbols as percentage lines, drawings, the crosshair and the live last bar. Colours are the
 * theme's tokens and follow a theme switch; the chart is removed on unmount.
 */
export function ChartCanvas(props: ChartCanvasProps) {
  const {
    bars,
    live,
    chartType,
    decimals,
    tickUnits,
    intraday,
    viewBars,
    sessionLead,
    crosshair,
    studies,
    comparisons,
    drawings,
    drawTool,
    label,
    ref,
  } = props;
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const builtRef = useRef<Built | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const pendingRef = useRef<ChartDrawing['points'][number] | null>(null);
  const [theme, setTheme] = useState(0);
  const [chartVersion, setChartVersion] = useState(0);

  useImperativeHandle(
    ref,
    () => ({
      screenshot: (title) => {
        const shot = chartRef.current?.takeScreenshot(true);
        return shot && boxRef.current ? titled(shot, title, boxRef.current) : null;
      },
    }),
    [],
  );

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    // Each series formats its own scale (prices from units, RSI as a figure): no chart-wide price formatter.
    const chart = createChart(box, {
      autoSize: true,
      // A short history (a new listing) stays bars, not slabs: at most this wide however few there are. The left edge
      // is the first bar's (nothing lies before it), which also lets the library move the first time label inside the
      // scale rather than cut it in half at the edge (a session opening on the hour, 09:00, labels its first bar).
      timeScale: { rightOffset: 4, borderVisible: true, minBarSpacing: 0.5, maxBarSpacing: 48, fixLeftEdge: true },
      rightPriceScale: { borderVisible: true },
    });
    const onMove = (param: MouseEventParams<Time>) => {
      // Without the crosshair the heads-up display stays on the last bar.
      if (propsRef.current.crosshair)
        propsRef.current.onHover(param.point && typeof param.time === 'number' ? param.time : null);
    };
    const onClick = (param: MouseEventParams<Time>) => {
      const { drawTool: tool, bars: shown, onDrawing, onPendingPoint } = propsRef.current;
      const main = builtRef.current?.main;
      if (!tool || !param.point || !main) return;
      const price = main.coordinateToPrice(param.point.y);
      const lastBar = shown.at(-1);
      const index =
        param.logical === undefined ? -1 : Math.min(Math.max(Math.round(param.logical), 0), shown.length - 1);
      const time = typeof param.time === 'number' ? param.time : (shown[index]?.time ?? lastBar?.time);
      if (price === null || time === undefined) return;
      const point = { time, price: priceString(priceUnits(Math.round(price)), decimals) };
      if (tool === 'horizontal') {
        onDrawing({ type: 'horizontal', points: [point] });
        return;
      }
      const first = pendingRef.current;
      if (!first) {
        pendingRef.current = point;
        onPendingPoint(true);
        return;
      }
      pendingRef.current = null;
      onPendingPoint(false);
      if (first.time !== point.time)
        onDrawing({ type: 'trend', points: first.time < point.time ? [first, point] : [point, first] });
    };
    chart.subscribeCrosshairMove(onMove);
    chart.subscribeClick(onClick);
    const stopWatching = onThemeChange(() => setTheme((value) => value + 1));
    // A chart showing all its bars still shows them all after the window (or the expand control) resizes it; one the
    // client has zoomed or scrolled keeps its bar width.
    let shownWhole = true;
    const onRange = (range: LogicalRange | null) => {
      const count = propsRef.current.sessionLead.length + propsRef.current.bars.length;
      shownWhole = range === null || (range.from <= 0.5 && range.to >= count - 1.5);
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    const resized = new ResizeObserver(() =>
      requestAnimationFrame(() => {
        if (shownWhole && chartRef.current === chart)
          showWhole(
            chart,
            propsRef.current.sessionLead.length + propsRef.current.bars.length,
            propsRef.current.viewBars,
          );
      }),
    );
    resized.observe(box);
    chartRef.current = chart;
    setChartVersion((value) => value + 1);
    return () => {
      stopWatching();
      resized.disconnect();
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.unsubscribeCrosshairMove(onMove);
      chart.unsubscribeClick(onClick);
      chart.remove();
      chartRef.current = null;
      builtRef.current = null;
    };
  }, [decimals]);

  // A new tool (or Draw turned off) abandons a half-placed trend line.
  useEffect(() => {
    pendingRef.current = null;
    propsRef.current.onPendingPoint(false);
  }, [drawTool]);

  // Everything but the live bar is (re)built here: on new history, a new type, studies, comparisons or drawings.
  const lastBarsRef = useRef<readonly Bar[] | null>(null);
  useEffect(() => {
    const chart = chartRef.current;
    const box = boxRef.current;
    if (!chart || !box) return;
    const colours = palette(box);
    const format = (value: number) => formatPrice(Math.round(value), decimals);
    const sameBars = lastBarsRef.current === bars;
    const range = sameBars ? chart.timeScale().getVisibleLogicalRange() : null;
    lastBarsRef.current = bars;

    const previous = builtRef.current;
    if (previous) {
      for (const series of [previous.main, ...previous.others, ...previous.studies.flatMap((s) => s.series)])
        chart.removeSeries(series);
    }
    const withVolume = studies.some((study) => study.name === 'Volume');
    chart.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: colours.raised },
        textColor: colours.text,
        fontSize: 11,
        fontFamily: colours.font,
        attributionLogo: false,
        panes: { separatorColor: colours.border, separatorHoverColor: fade(colours.accent, 0.3) },
      },
      grid: { vertLines: { color: fade(colours.border, 0.45) }, horzLines: { color: fade(colours.border, 0.6) } },
      crosshair: {
        mode: crosshair ? CrosshairMode.Normal : CrosshairMode.Hidden,
        vertLine: { color: colours.faint, labelBackgroundColor: colours.accent },
        horzLine: { color: colours.faint, labelBackgroundColor: colours.accent },
      },
      timeScale: {
        borderColor: colours.border,
        timeVisible: intraday,
        secondsVisible: false,
        shiftVisibleRangeOnNewBar: viewBars === null,
      },
      // Study panes copy these when they are made; the price pane's own mode and margins are set once they exist.
      rightPriceScale: {
        borderColor: colours.border,
        mode: PriceScaleMode.Normal,
        scaleMargins: { top: 0.1, bottom: 0.08 },
      },
    });

    const main = mainSeries(chart, chartType, colours, format, { tick: tickUnits, decimals });
    const ha = chartType === 'heikinashi' ? heikinAshi(bars) : [];
    main.setData([
      ...sessionLead.map((time) => ({ time: at(time) })),
      ...bars.map((bar, i) => mainPoint(chartType, bar, ha[i])),
    ]);

    const others: AnySeries[] = [];
    comparisons.forEach((comparison, i) => {
      const line = chart.addSeries(LineSeries, {
        color: colours.chart(comparisonColour(i)),
        lineWidth: 2,
        priceLineVisible: false,
        crosshairMarkerVisible: false,
        title: comparison.label,
      });
      line.setData(comparison.bars.map((bar) => ({ time: at(bar.time), value: bar.close })));
      others.push(line);
    });

    for (const drawing of drawings) {
      const [first, second] = drawing.points;
      const firstPrice = first ? parsePrice(first.price, decimals) : null;
      if (!first || firstPrice === null) continue;
      if (drawing.type === 'horizontal') {
        main.createPriceLine({
          price: firstPrice,
          color: colours.accent,
          lineWidth: 1,
          lineStyle: LineStyle.Solid,
          axisLabelVisible: true,
          title: '',
        });
        continue;
      }
      const secondPrice = second ? parsePrice(second.price, decimals) : null;
      const from = snapToBars(bars, first.time);
      const to = second ? snapToBars(bars, second.time) : null;
      if (secondPrice === null || from === null || to === null || from >= to) continue;
      const line = chart.addSeries(LineSeries, {
        color: colours.accent,
        lineWidth: 2,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: false,
        pointMarkersVisible: true,
        autoscaleInfoProvider: () => null,
      });
      line.setData([
        { time: at(from), value: firstPrice },
        { time: at(to), value: secondPrice },
      ]);
      others.push(line);
    }

    let ownPane = 0;
    const built: Built['studies'] = studies.map((study, i) => {
      const plot = studyPlot(study, bars, intraday);
      const pane = plot.pane === 'own' ? ++ownPane : 0;
      return { plot, study, series: studySeries(chart, plot, studyColour(i), pane, colours, format) };
    });
    if (withVolume) chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    // Compared symbols turn the price pane's scale into percentage change from the first bar shown.
    main.priceScale().applyOptions({
      mode: comparisons.length > 0 ? PriceScaleMode.Percentage : PriceScaleMode.Normal,
      scaleMargins: { top: 0.08, bottom: withVolume ? 0.22 : 0.06 },
    });
    chart.panes().forEach((pane, index) => pane.setStretchFactor(index === 0 ? 3 : 1));

    builtRef.current = { colours, main, heikinAshi: ha, studies: built, others };
    colourLastPrice(builtRef.current, chartType, bars.at(-1));
    if (range) chart.timeScale().setVisibleLogicalRange(range);
    else showWhole(chart, sessionLead.length + bars.length, viewBars);
    const { live: current } = propsRef.current;
    if (current) applyLive(builtRef.current, current, bars, chartType, intraday);
  }, [
    chartVersion,
    theme,
    bars,
    chartType,
    decimals,
    tickUnits,
    intraday,
    viewBars,
    crosshair,
    studies,
    comparisons,
    drawings,
    sessionLead,
  ]);

  // The live bar: the main series and the studies' last points move with update(), the history stays as drawn.
  useEffect(() => {
    if (builtRef.current && live) applyLive(builtRef.current, live, bars, chartType, intraday);
  }, [live, bars, chartType, intraday]);

  return <div ref={boxRef} className={styles.canvas} role="img" aria-label={label} />;
}
