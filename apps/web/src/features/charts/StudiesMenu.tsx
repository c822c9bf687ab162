import { investingText, type ChartStudyName } from '@kite/domain';
import { useState } from 'react';
import { StudiesIcon } from './chart-icons.tsx';
import { searchStudies } from './studies.ts';
import { ToolPopover } from './ToolPopover.tsx';
import styles from './charts.module.css';

const text = investingText.charts;

export interface StudiesMenuProps {
  /** False when the chart holds as many studies as it may (8). */
  canAdd: boolean;
  onAdd: (name: ChartStudyName) => void;
}

/** The panel: a search over the studies, case-insensitive on name (investing.md "Charts"), and the list. */
function StudiesPanel({ canAdd, onAdd, close }: StudiesMenuProps & { close: () => void }) {
  const [search, setSearch] = useState('');
  const found = searchStudies(search);
  return (
    <div className={styles.popover} role="dialog" aria-label={text.studies}>
      <input
        type="search"
        className={styles.studySearch}
        aria-label={text.studySearch}
        placeholder={text.studySearch}
        autoFocus
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {!canAdd && <p className={styles.note}>{text.studiesFull}</p>}
      {found.length === 0 ? (
        <p className={styles.note}>{text.noStudy}</p>
      ) : (
        <ul className={styles.studyList} aria-label={text.studies}>
          {found.map((name) => (
            <li key={name}>
              <button
                type="button"
                className={styles.studyItem}
                disabled={!canAdd}
                onClick={() => {
                  onAdd(name);
                  close();
                }}
              >
                <span>{name}</span>
                <span className={styles.studyShort}>{text.studyShortNames[name]}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The Studies menu of the chart header. */
export function StudiesMenu(props: StudiesMenuProps) {
  return (
    <ToolPopover
      button={{
        className: styles.tool,
        'aria-label': text.studies,
        title: text.studies,
        children: (
          <>
            <StudiesIcon />
            <span className={styles.toolLabel}>{text.studies}</span>
          </>
        ),
      }}
      panel={(close) => <StudiesPanel {...props} close={close} />}
    />
  );
}
