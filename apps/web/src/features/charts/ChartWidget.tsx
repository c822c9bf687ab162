import {
  chartTypes,
  deriveAbilities,
  investingText,
  type Abilities,
  type ChartPreference,
  type ChartStudyName,
  type ChartType,
  type SavedChart,
  type SymbolObject,
} from '@kite/domain';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isAnyDialogOpen } from '../../components/dialog/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { CollapseIcon, ExpandIcon } from '../../components/icons/icons.tsx';
import { MenuButton } from '../../components/menu/index.ts';
import { TickingPrice } from '../../components/ticking/TickingPrice.tsx';
import { useLoginState } from '../../lib/session/session-store.ts';
import { displayPercent, displayPrice, signOf, withSign } from '../market-data/price-format.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import type { Bar } from './bars.ts';
import { ChartCanvas, type CanvasComparison, type ChartCanvasHandle, type DrawTool } from './ChartCanvas.tsx';
import { ChartHud } from './ChartHud.tsx';
import { ChartLegend } from './ChartLegend.tsx';
import { CandlesIcon, CompareIcon, CrosshairIcon, DrawIcon, LineChartIcon, ShareIcon } from './chart-icons.tsx';
import {
  chartRangeIds,
  chartRanges,
  defaultChart,
  isIntraday,
  periodicityIdOf,
  periodicityOf,
  periodicityOptions,
  rangeAllowed,
  rangeOf,
  showsTradeButtons,
  sessionLeadOf,
  viewBarsOf,
  type ChartRange,
  type PeriodicityId,
} from './chart-options.ts';
import { DrawToolbar } from './DrawToolbar.tsx';
import { openShareDialog } from './ShareDialog.tsx';
import { tickUnitsOf } from './price-axis.ts';
import { StudiesMenu } from './StudiesMenu.tsx';
import { openStudySettings } from './study-settings.tsx';
import { defaultStudyPeriod } from './studies.ts';
import { symbolKey, symbolName, useChartData } from './use-chart-data.ts';
import { SymbolPicker, SymbolSearchTool } from './SymbolTools.tsx';
import { TradeButtons } from './TradeButtons.tsx';
import { useToolLabels, useWidth } from './use-header-layout.ts';
import styles from './charts.module.css';

const text = investingText.charts;

/** Narrower than this the widget is in small view: BUY/SELL are hidden (investing.md "Charts"). */
const SMALL_VIEW_PX = 900;
const MAX_STUDIES = 8;
const MAX_COMPARISONS = 4;

type Layout = ChartPreference['layout'];

/** The bar the heads-up display shows (under the crosshair, else the last) and the one before it. */
function hudBars(
  bars: readonly Bar[],
  live: Bar | null,
  time: number | null,
): { bar: Bar | null; previous: Bar | null } {
  const last = bars.at(-1);
  const all = live ? [...(last && last.time === live.time ? bars.slice(0, -1) : bars), live] : bars;
  const index = time === null ? all.length - 1 : all.findIndex((bar) => bar.time === time);
  const at = index < 0 ? all.length - 1 : index;
  return { bar: all[at] ?? null, previous: all[at - 1] ?? null };
}

/** A header tool: its icon, and its name beside it while the header has room (minor names go first). */
function ToolButton({
  label,
  icon,
  pressed,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  pressed?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={styles.tool}
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {icon}
      <span className={styles.toolLabel} data-minor>
        {label}
      </span>
    </button>
  );
}

const typeIcon = (type: ChartType) => (type === 'line' || type === 'area' ? <LineChartIcon /> : <CandlesIcon />);

interface ChartViewProps {
  chart: SavedChart;
  onChange: (next: SavedChart) => void;
  abilities: Abilities;
  small: boolean;
  width: number;
  expanded: boolean;
  /** Absent where the chart cannot take over the window (the chart popup): no expand button then. */
  onToggleExpand?: () => void;
}

function ChartView({ chart, onChange, abilities, small, width, expanded, onToggleExpand }: ChartViewProps) {
  const { symObj, preference, drawings } = chart;
  const { layout, span, periodicity } = preference;
  const data = useChartData(chart);
  const [chosen, setChosen] = useState<ScripRef | null>(null);
  const [hoverTime, setHoverTime] = useState<number | null>(null);
  const [drawOn, setDrawOn] = useState(false);
  const [drawTool, setDrawTool] = useState<DrawTool>('horizontal');
  const [pending, setPending] = useState(false);
  const canvasRef = useRef<ChartCanvasHandle>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const quote = data.quote;
  const named = chosen && symbolKey(chosen.sym) === symbolKey(symObj) ? chosen : null;
  const displaySym = quote?.displaySym ?? named?.displaySym ?? symbolName(symObj);
  const scrip: ScripRef = {
    sym: symObj,
    displaySym,
    companyName: quote?.companyName ?? named?.companyName ?? displaySym,
    streamSym: quote?.streamSym ?? named?.streamSym ?? symbolName(symObj),
    tradable: true,
  };

  const setPreference = (patch: Partial<ChartPreference>) =>
    onChange({ ...chart, preference: { ...preference, ...patch } });
  const setLayout = (patch: Partial<Layout>) => setPreference({ layout: { ...layout, ...patch } });

  const chooseSymbol = (next: ScripRef) => {
    setChosen(next);
    // Drawings are prices of the old symbol; a compared symbol that is now the main one leaves the list.
    const comparisons = layout.comparisons.filter((sym) => symbolKey(sym) !== symbolKey(next.sym));
    const range = rangeOf(span);
    const keepsRange = range === null || rangeAllowed(range, next.sym);
    onChange({
      symObj: next.sym,
      drawings: [],
      preference: {
        ...preference,
        layout: { ...layout, comparisons },
        ...(keepsRange ? {} : { ...chartRanges['1Y'] }),
      },
    });
  };
  const chooseRange = (range: ChartRange) =>
    setPreference({ span: { ...chartRanges[range].span }, periodicity: { ...chartRanges[range].periodicity } });
  const addStudy = (name: ChartStudyName) =>
    setLayout({ studies: [...layout.studies, { name, period: defaultStudyPeriod[name] }].slice(0, MAX_STUDIES) });
  const editStudy = async (index: number) => {
    const study = layout.studies[index];
    if (!study) return;
    const period = await openStudySettings(study);
    if (period !== undefined)
      setLayout({ studies: layout.studies.map((s, i) => (i === index ? { ...s, period } : s)) });
  };
  const addComparison = (sym: SymbolObject) => {
    const known = [symObj, ...layout.comparisons].some((other) => symbolKey(other) === symbolKey(sym));
    if (!known) setLayout({ comparisons: [...layout.comparisons, sym].slice(0, MAX_COMPARISONS) });
  };

  // The canvas rebuilds when these change: each is kept the same object while its contents are.
  const firstBar = data.bars[0]?.time;
  const sessionLead = useMemo(
    () => sessionLeadOf(firstBar, span, periodicity, symObj.exc),
    [firstBar, span, periodicity, symObj.exc],
  );
  const comparisons: CanvasComparison[] = useMemo(
    () => data.comparisons.map(({ sym, name, bars }) => ({ key: symbolKey(sym), label: name, bars })),
    [data.comparisons],
  );

  useEffect(() => {
    if (!expanded || !onToggleExpand) return;
    // Escape collapses the expanded chart first; an open dialog or menu answers Escape itself.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || isAnyDialogOpen()) return;
      event.preventDefault();
      onToggleExpand();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [expanded, onToggleExpand]);

  const labels = useToolLabels(headerRef, endRef, [width, displaySym, small, layout.chartType]);
  const periodicityId = periodicityIdOf(periodicity);
  const activeRange = rangeOf(span);
  const hud = hudBars(data.bars, data.live, layout.crosshair ? hoverTime : null);
  const chng = data.tick?.chng ?? quote?.chng ?? null;
  const chngPer = data.tick?.chngPer ?? quote?.chngPer ?? null;
  const direction = signOf(chng);
  const periodLabel = periodicityId ? text.periodicities[periodicityId] : '';
  const title = [displaySym, periodLabel, symObj.exc].filter(Boolean).join(' · ');

  const typeEntries = chartTypes.map((type) => ({
    kind: 'item' as const,
    id: type,
    label: text.chartTypes[type],
    hint: type === layout.chartType ? '✓' : undefined,
    onSelect: () => setLayout({ chartType: type }),
  }));

  let overlay: string | null = null;
  if (data.pending) overlay = text.loading;
  else if (!data.loading && data.bars.length === 0) overlay = text.empty;

  return (
    <>
      <div
        ref={headerRef}
        className={styles.header}
        role="toolbar"
        aria-label={text.title}
        data-labels={small ? 0 : labels}
      >
        <SymbolPicker name={displaySym} exchange={symObj.exc} abilities={abilities} onChoose={chooseSymbol} />
        <div className={styles.quote} aria-label={text.lastPrice}>
          <TickingPrice streamKey={data.streamKey} fallback={quote?.ltp ?? null} className={`num ${styles.ltp}`} />
          {chng !== null && (
            <span className={`num ${styles.change} ${direction}`}>
              {withSign(displayPrice(chng, data.decimals), chng)} ({withSign(displayPercent(chngPer), chngPer)}%)
            </span>
          )}
        </div>
        <span className={styles.divider} aria-hidden="true" />
        <div className={styles.ranges} role="group" aria-label={text.range}>
          {chartRangeIds.map((range) => {
            const allowed = rangeAllowed(range, symObj);
            return (
              <button
                key={range}
                type="button"
                className={styles.range}
                aria-pressed={activeRange === range}
                disabled={!allowed}
                title={allowed ? text.rangeTitles[range] : text.rangeNotForSegment}
                onClick={() => chooseRange(range)}
              >
                {range}
              </button>
            );
          })}
        </div>
        <select
          className={styles.select}
          aria-label={text.periodicity}
          value={periodicityId ?? ''}
          onChange={(event) =>
            setPreference({ periodicity: { ...periodicityOf(event.target.value as PeriodicityId) } })
          }
        >
          {periodicityId === null && (
            <option value="">{`${periodicity.interval} × ${periodicity.period} ${periodicity.timeUnit}`}</option>
          )}
          <optgroup label={text.minutesGroup}>
            {periodicityOptions
              .filter((option) => isIntraday(option.periodicity))
              .map((option) => (
                <option key={option.id} value={option.id}>
                  {text.periodicities[option.id]}
                </option>
              ))}
          </optgroup>
          <optgroup label={text.daysGroup}>
            {periodicityOptions
              .filter((option) => !isIntraday(option.periodicity))
              .map((option) => (
                <option key={option.id} value={option.id}>
                  {text.periodicities[option.id]}
                </option>
              ))}
          </optgroup>
        </select>
        <span className={styles.divider} aria-hidden="true" />
        <MenuButton
          label={`${text.chartType}: ${text.chartTypes[layout.chartType]}`}
          trigger={
            <>
              {typeIcon(layout.chartType)}
              <span className={styles.toolLabel}>{text.chartTypes[layout.chartType]}</span>
            </>
          }
          entries={typeEntries}
          triggerClassName={styles.tool}
        />
        <StudiesMenu canAdd={layout.studies.length < MAX_STUDIES} onAdd={addStudy} />
        <SymbolSearchTool
          abilities={abilities}
          label={text.compareSearch}
          onChoose={(scrip) => addComparison(scrip.sym)}
          button={{
            className: styles.tool,
            disabled: layout.comparisons.length >= MAX_COMPARISONS,
            'aria-label': text.compare,
            title: layout.comparisons.length >= MAX_COMPARISONS ? text.compareFull : text.compareSearch,
            children: (
              <>
                <CompareIcon />
                <span className={styles.toolLabel}>{text.compare}</span>
              </>
            ),
          }}
        />
        <span className={styles.divider} aria-hidden="true" />
        <ToolButton
          label={text.crosshair}
          icon={<CrosshairIcon />}
          pressed={layout.crosshair}
          onClick={() => setLayout({ crosshair: !layout.crosshair })}
        />
        <ToolButton label={text.draw} icon={<DrawIcon />} pressed={drawOn} onClick={() => setDrawOn((on) => !on)} />
        <ToolButton
          label={text.share}
          icon={<ShareIcon />}
          onClick={() =>
            void openShareDialog({
              capture: () => canvasRef.current?.screenshot(title) ?? null,
              fileName: `${displaySym}-${activeRange ?? periodLabel}.png`.replace(/[^\w.-]+/g, '-'),
            })
          }
        />
        <div ref={endRef} className={styles.end}>
          {showsTradeButtons(symObj, small) && <TradeButtons scrip={scrip} abilities={abilities} />}
          {onToggleExpand && (
            <IconButton
              label={expanded ? text.collapse : text.expand}
              icon={expanded ? <CollapseIcon /> : <ExpandIcon />}
              aria-pressed={expanded}
              onClick={onToggleExpand}
            />
          )}
        </div>
      </div>
      {drawOn && (
        <DrawToolbar
          tool={drawTool}
          onTool={setDrawTool}
          pending={pending}
          drawings={drawings.length}
          onClear={() => onChange({ ...chart, drawings: [] })}
        />
      )}
      <div className={styles.stage} data-drawing={drawOn}>
        <ChartCanvas
          ref={canvasRef}
          label={`${text.title}: ${displaySym}`}
          bars={data.bars}
          live={data.live}
          chartType={layout.chartType}
          decimals={data.decimals}
          tickUnits={tickUnitsOf(quote?.tickSize, data.decimals)}
          intraday={isIntraday(periodicity)}
          viewBars={viewBarsOf(span, periodicity, symObj.exc, Date.now())}
          sessionLead={sessionLead}
          crosshair={layout.crosshair}
          studies={layout.studies}
          comparisons={comparisons}
          drawings={drawings}
          drawTool={drawOn ? drawTool : null}
          onDrawing={(drawing) => onChange({ ...chart, drawings: [...drawings, drawing].slice(-50) })}
          onPendingPoint={setPending}
          onHover={setHoverTime}
        />
        <div className={styles.overlayTop}>
          <ChartHud title={title} bar={hud.bar} previous={hud.previous} decimals={data.decimals} />
          <ChartLegend
            studies={layout.studies}
            comparisons={layout.comparisons}
            comparisonNames={data.comparisonNames}
            onEditStudy={(index) => void editStudy(index)}
            onRemoveStudy={(index) => setLayout({ studies: layout.studies.filter((_, i) => i !== index) })}
            onRemoveComparison={(index) => setLayout({ comparisons: layout.comparisons.filter((_, i) => i !== index) })}
          />
        </div>
        {data.loading && <div className={styles.loadingBar} role="progressbar" aria-label={text.loading} />}
        {overlay && (
          <p className={styles.overlay} role="status">
            {overlay}
          </p>
        )}
      </div>
    </>
  );
}

export interface ChartWidgetProps {
  /** Null when no symbol could be found for a default chart: the widget asks for one. */
  chart: SavedChart | null;
  onChange: (next: SavedChart) => void;
  expanded: boolean;
  /** Expand/collapse; leave out where the chart must stay in its place (the chart popup). */
  onToggleExpand?: () => void;
  /** Small view (a narrow place): icons only, no BUY/SELL. The widget also goes small when it is narrow. */
  small?: boolean;
}

/**
 * The chart widget (investing.md "Charts"): a header with the symbol search, range links, periodicity, chart type,
 * Studies, Compare, Cross-Hair, Draw, Share, BUY/SELL and expand/collapse; the heads-up display; the chart.
 */
export function ChartWidget({ chart, onChange, expanded, onToggleExpand, small = false }: ChartWidgetProps) {
  const login = useLoginState();
  const boxRef = useRef<HTMLElement>(null);
  const width = useWidth(boxRef);
  const isSmall = small || (width > 0 && width < SMALL_VIEW_PX);
  if (!login) return null;
  const abilities = deriveAbilities(login.accountDetails, login.flags);
  return (
    <section
      ref={boxRef}
      className={styles.widget}
      data-expanded={expanded}
      data-small={isSmall}
      aria-label={text.title}
    >
      {chart ? (
        <ChartView
          chart={chart}
          onChange={onChange}
          abilities={abilities}
          small={isSmall}
          width={width}
          expanded={expanded}
          onToggleExpand={onToggleExpand}
        />
      ) : (
        <>
          <div className={styles.header} role="toolbar" aria-label={text.title}>
            <SymbolPicker
              name={null}
              exchange={null}
              abilities={abilities}
              initiallyOpen
              onChoose={(scrip) => onChange(defaultChart(scrip.sym))}
            />
          </div>
          <p className={styles.message}>{text.noSymbol}</p>
        </>
      )}
    </section>
  );
}
