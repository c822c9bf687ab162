import { Fragment } from 'react';
import { useDialogEntries } from './dialog-store.ts';

/** Renders every open dialog, newest on top. Mounted once at the root of the app. */
export function DialogHost() {
  const entries = useDialogEntries();
  return (
    <>
      {entries.map((entry) => (
        <Fragment key={entry.id}>{entry.render(entry.resolve)}</Fragment>
      ))}
    </>
  );
}
