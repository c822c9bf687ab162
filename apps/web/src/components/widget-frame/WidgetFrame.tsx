import { useId, type ReactNode } from 'react';
import { IconButton } from '../icon-button/IconButton.tsx';
import { CloseIcon, CollapseIcon, ExpandIcon, InfoIcon } from '../icons/icons.tsx';
import styles from './widget-frame.module.css';

export interface WidgetFrameProps {
  title: string;
  /** What the widget shows; the info icon gives it as a tooltip and accessible description. */
  info: string;
  expanded: boolean;
  onExpand: () => void;
  /** Collapse returns to the dashboard (platform.md 2.8). */
  onCollapse: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The dashboard widget frame: title, info, expand or collapse, and close icons (platform.md 2.8). */
export function WidgetFrame({ title, info, expanded, onExpand, onCollapse, onClose, children }: WidgetFrameProps) {
  const titleId = useId();
  return (
    <section className={styles.frame} aria-labelledby={titleId} data-expanded={expanded}>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.tools}>
          <span className={styles.info} title={info} role="img" aria-label={`About ${title}: ${info}`}>
            <InfoIcon />
          </span>
          {expanded ? (
            <IconButton label={`Collapse ${title}`} icon={<CollapseIcon />} onClick={onCollapse} />
          ) : (
            <IconButton label={`Expand ${title}`} icon={<ExpandIcon />} onClick={onExpand} />
          )}
          <IconButton label={`Close ${title}`} icon={<CloseIcon />} onClick={onClose} />
        </div>
      </header>
      <div className={styles.body}>{children}</div>
    </section>
  );
}
