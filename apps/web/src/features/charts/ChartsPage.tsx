import { chartSlots, investingText } from '@kite/domain';
import { useCallback, useEffect, useId, useState } from 'react';
import { chartStore, useCharts } from './chart-store.ts';
import { ChartWidget } from './ChartWidget.tsx';
import styles from './charts.module.css';
import { TabList } from '../../components/tabs/index.ts';

const text = investingText.charts;

/** /home/charts (investing.md "Charts"): four chart slots as tabs, the active slot's chart filling the screen. */
export function ChartsPage() {
  const { active, slots } = useCharts();
  const [expanded, setExpanded] = useState(false);
  const ids = useId();
  useEffect(() => chartStore.ensureLoaded(active), [active]);
  const toggleExpand = useCallback(() => setExpanded((value) => !value), []);
  const slot = slots[active];
  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1 className={styles.title}>{text.title}</h1>
        <TabList
          tabs={chartSlots.map((id) => ({ id, label: text.slot(id) }))}
          selected={active}
          onSelect={(id) => chartStore.select(id)}
          label={text.slots}
          panelId={`${ids}-panel`}
          tabId={(id) => `${ids}-tab-${id}`}
          className={styles.slots}
          tabClassName={styles.slot}
        />
      </div>
      <div id={`${ids}-panel`} role="tabpanel" aria-labelledby={`${ids}-tab-${active}`} className={styles.panel}>
        {slot?.status === 'ready' ? (
          <ChartWidget
            key={active}
            chart={slot.chart}
            onChange={(next) => chartStore.update(active, next)}
            expanded={expanded}
            onToggleExpand={toggleExpand}
          />
        ) : (
          <p className={styles.message} role="status">
            {text.loadingSlot}
          </p>
        )}
      </div>
    </div>
  );
}
