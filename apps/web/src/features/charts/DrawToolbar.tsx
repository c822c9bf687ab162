import { investingText } from '@kite/domain';
import type { DrawTool } from './ChartCanvas.tsx';
import { HorizontalLineIcon, TrashIcon, TrendLineIcon } from './chart-icons.tsx';
import styles from './charts.module.css';

const text = investingText.charts;

export interface DrawToolbarProps {
  tool: DrawTool;
  onTool: (tool: DrawTool) => void;
  /** A trend line's first point is placed. */
  pending: boolean;
  drawings: number;
  onClear: () => void;
}

const tools: readonly { id: DrawTool; icon: () => React.JSX.Element }[] = [
  { id: 'horizontal', icon: HorizontalLineIcon },
  { id: 'trend', icon: TrendLineIcon },
];

/** The drawing toolbar (investing.md "Charts"), shown while Draw is on: the tool, what to click, and clear. */
export function DrawToolbar({ tool, onTool, pending, drawings, onClear }: DrawToolbarProps) {
  const hint =
    tool === 'horizontal' ? text.drawHints.horizontal : pending ? text.drawHints.trendSecond : text.drawHints.trend;
  return (
    <div className={styles.drawBar} role="toolbar" aria-label={text.drawing}>
      <div className={styles.drawTools} role="radiogroup" aria-label={text.drawing}>
        {tools.map(({ id, icon: Icon }) => (
          <button
            key={id}
            type="button"
            role="radio"
            aria-checked={tool === id}
            className={styles.tool}
            onClick={() => onTool(id)}
          >
            <Icon />
            {text.drawTools[id]}
          </button>
        ))}
      </div>
      <span className={styles.divider} aria-hidden="true" />
      <button type="button" className={styles.tool} disabled={drawings === 0} onClick={onClear}>
        <TrashIcon />
        {text.clearDrawings}
        {drawings > 0 && <span className="num">({drawings})</span>}
      </button>
      <p className={styles.hint} role="status">
        {hint}
      </p>
    </div>
  );
}
