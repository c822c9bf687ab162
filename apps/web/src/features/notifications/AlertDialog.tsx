import { informationText } from '@kite/domain';
import { useId, useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog } from '../../components/dialog/index.ts';
import styles from './notifications.module.css';

const text = informationText.alertDialog;
type Mode = keyof typeof text.modes;

/** The note: add, then shown with edit and delete (investing.md 2 "a note with edit and delete note"). */
function NoteField({ labelId }: { labelId: string }) {
  const [note, setNote] = useState('');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  if (editing) {
    return (
      <div className={styles.noteBox}>
        <textarea
          aria-labelledby={labelId}
          className={styles.noteArea}
          placeholder={text.notePlaceholder}
          value={draft}
          maxLength={200}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button
          size="small"
          onClick={() => {
            setNote(draft.trim());
            setEditing(false);
          }}
        >
          {text.saveNote}
        </Button>
      </div>
    );
  }
  if (note === '') {
    return (
      <button
        type="button"
        className={styles.linkButton}
        onClick={() => {
          setDraft('');
          setEditing(true);
        }}
      >
        {text.addNote}
      </button>
    );
  }
  return (
    <div className={styles.noteBox}>
      <p className={styles.noteText} data-testid="alert-note">
        {note}
      </p>
      <div className={styles.noteActions}>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            setDraft(note);
            setEditing(true);
          }}
        >
          {text.editNote}
        </button>
        <button type="button" className={styles.linkButton} onClick={() => setNote('')}>
          {text.deleteNote}
        </button>
      </div>
    </div>
  );
}

/** SET AN ALERT (investing.md 2 "Alerts and Notifications"): the form is complete, but SAVE does nothing, as specified. */
export function AlertDialog({ onDismiss }: { onDismiss: () => void }) {
  const ids = { parameter: useId(), condition: useId(), value: useId(), mode: useId(), note: useId() };
  const [mode, setMode] = useState<Mode>('SMS');
  return (
    <Dialog
      title={text.title}
      size="medium"
      onDismiss={onDismiss}
      footer={
        <>
          <Button onClick={onDismiss}>{text.cancel}</Button>
          {/* investing.md 8: "an SMS or e-mail alert save does nothing". */}
          <Button variant="primary" onClick={() => undefined}>
            {text.save}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <label className={styles.label} htmlFor={ids.parameter}>
          {text.parameter}
        </label>
        <select id={ids.parameter} className={styles.control} defaultValue={text.parameters[0]}>
          {text.parameters.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        <label className={styles.label} htmlFor={ids.condition}>
          {text.alertMe}
        </label>
        <select id={ids.condition} className={styles.control} defaultValue="gte">
          <option value="gte">{text.conditions.gte}</option>
          <option value="lte">{text.conditions.lte}</option>
        </select>
        <label className={styles.label} htmlFor={ids.value}>
          {text.value}
        </label>
        <input id={ids.value} className={styles.control} inputMode="decimal" autoComplete="off" />
        <span className={styles.label} id={ids.mode}>
          {text.mode}
        </span>
        <fieldset className={styles.radios} aria-labelledby={ids.mode}>
          {(Object.keys(text.modes) as Mode[]).map((m) => (
            <label key={m}>
              <input type="radio" name="alert-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
              {text.modes[m]}
            </label>
          ))}
        </fieldset>
        <span className={styles.label} id={ids.note}>
          {text.note}
        </span>
        <NoteField labelId={ids.note} />
        <p className={styles.expires}>{text.expires}</p>
      </div>
    </Dialog>
  );
}

export function openAlertDialog(): Promise<void> {
  return openDialog<void>((close) => <AlertDialog onDismiss={() => close()} />).then(() => undefined);
}
