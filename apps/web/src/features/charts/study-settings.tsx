import { investingText, type ChartStudy } from '@kite/domain';
import { useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog } from '../../components/dialog/index.ts';
import { NumericInput } from '../../components/inputs/index.ts';
import { studyLabel } from './ChartLegend.tsx';
import styles from './charts.module.css';

const text = investingText.charts;
const MIN_PERIOD = 2;
const MAX_PERIOD = 200;

/** The period typed, when it is one the contract accepts (a whole number of bars, 2 to 200). */
export function periodOf(value: string): number | null {
  if (!/^\d+$/.test(value)) return null;
  const period = Number(value);
  return period >= MIN_PERIOD && period <= MAX_PERIOD ? period : null;
}

function StudySettings({ study, onDone }: { study: ChartStudy; onDone: (period?: number) => void }) {
  const [value, setValue] = useState(String(study.period));
  const period = periodOf(value);
  return (
    <Dialog
      title={text.studySettings(study.name)}
      onDismiss={() => onDone()}
      footer={
        <>
          <Button onClick={() => onDone()}>{text.cancel}</Button>
          <Button variant="primary" disabled={period === null} onClick={() => period !== null && onDone(period)}>
            {text.apply}
          </Button>
        </>
      }
    >
      <form
        className={styles.dialogBody}
        onSubmit={(event) => {
          event.preventDefault();
          if (period !== null) onDone(period);
        }}
      >
        <NumericInput
          label={text.studyPeriod}
          showLabel
          integerOnly
          min={String(MIN_PERIOD)}
          max={String(MAX_PERIOD)}
          value={value}
          onChange={setValue}
        />
        <span className={styles.fieldNote}>{text.studyPeriodRange}</span>
      </form>
    </Dialog>
  );
}

/** The study settings dialog (investing.md "Charts"): the study's period; resolves with the new one, or undefined. */
export function openStudySettings(study: ChartStudy): Promise<number | undefined> {
  return openDialog<number>(
    (close) => <StudySettings study={study} onDone={(period) => close(period)} />,
    `study-settings-${studyLabel(study)}`,
  );
}
