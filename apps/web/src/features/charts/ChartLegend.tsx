import { investingText, type ChartStudy, type SymbolObject } from '@kite/domain';
import type { ReactNode } from 'react';
import { RemoveIcon, SettingsIcon } from './chart-icons.tsx';
import { comparisonColour, studyColour } from './series-colours.ts';
import { hasPeriod } from './studies.ts';
import { symbolName } from './use-chart-data.ts';
import styles from './charts.module.css';

const text = investingText.charts;

export const studyLabel = (study: ChartStudy): string =>
  hasPeriod(study.name) ? `${text.studyShortNames[study.name]} (${study.period})` : text.studyShortNames[study.name];

function ChipButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <button type="button" className={styles.chipButton} aria-label={label} title={label} onClick={onClick}>
      {icon}
    </button>
  );
}

export interface ChartLegendProps {
  studies: readonly ChartStudy[];
  comparisons: readonly SymbolObject[];
  /** Names of the compared symbols, in their order (a quote's display name). */
  comparisonNames: readonly string[];
  onEditStudy: (index: number) => void;
  onRemoveStudy: (index: number) => void;
  onRemoveComparison: (index: number) => void;
}

/** The chips over the chart: the studies drawn (settings, remove) and the comparison series list (remove). */
export function ChartLegend({
  studies,
  comparisons,
  comparisonNames,
  onEditStudy,
  onRemoveStudy,
  onRemoveComparison,
}: ChartLegendProps) {
  if (studies.length === 0 && comparisons.length === 0) return null;
  return (
    <>
      {comparisons.length > 0 && (
        <ul className={styles.legend} aria-label={text.comparisons}>
          {comparisons.map((sym, i) => {
            const name = comparisonNames[i] ?? symbolName(sym);
            return (
              <li key={`${sym.exc}|${sym.id}`} className={styles.chip}>
                <span className={styles.swatch} data-colour={comparisonColour(i)} aria-hidden="true" />
                {name}
                <ChipButton
                  label={text.removeComparison(name)}
                  icon={<RemoveIcon />}
                  onClick={() => onRemoveComparison(i)}
                />
              </li>
            );
          })}
        </ul>
      )}
      {studies.length > 0 && (
        <ul className={styles.legend} aria-label={text.studies}>
          {studies.map((study, i) => {
            const label = studyLabel(study);
            return (
              <li key={`${study.name}-${i}`} className={styles.chip}>
                <span className={styles.swatch} data-colour={studyColour(i)} aria-hidden="true" />
                {label}
                {hasPeriod(study.name) && (
                  <ChipButton label={text.editStudy(label)} icon={<SettingsIcon />} onClick={() => onEditStudy(i)} />
                )}
                <ChipButton label={text.removeStudy(label)} icon={<RemoveIcon />} onClick={() => onRemoveStudy(i)} />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
