import { displayDate, newsText, type ResearchIdea } from '@kite/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button/Button.tsx';
import { InfoIcon } from '../../../components/icons/icons.tsx';
import styles from './ideas.module.css';

const text = newsText.ideas;

/** The description popover of a call (investing.md 2 "Research ideas"): status, date and text. */
export function IdeaDescription({ idea }: { idea: ResearchIdea }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // One step per press: this Escape closes the popover, not also the full-size widget (the shell's shortcut).
      event.preventDefault();
      setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <span className={styles.popoverRoot} ref={rootRef}>
      <Button
        size="small"
        variant="ghost"
        aria-label={text.description(idea.displaySym)}
        title={text.description(idea.displaySym)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        <InfoIcon />
      </Button>
      {open && (
        <div id={panelId} role="dialog" aria-label={text.description(idea.displaySym)} className={styles.popover}>
          <dl className={styles.facts}>
            <dt>{text.status}</dt>
            <dd>{text.statusOn(idea.callstatus, displayDate(idea.statusdate))}</dd>
            <dt>{text.sentOn}</dt>
            <dd>{displayDate(idea.callsenttime)}</dd>
            <dt>{text.expiry}</dt>
            <dd>{displayDate(idea.callexpiry)}</dd>
          </dl>
          <p className={styles.description}>{idea.calldescription}</p>
        </div>
      )}
    </span>
  );
}
