import { getAppConfig, informationText } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';
import { mandateFormHref } from './mandate-form.ts';
import styles from './sep.module.css';

const text = informationText.sep;

/** NACH / ECS notes with the mandate form's download link and the helpdesk contact (investing.md 2 "SEP"). */
export function NachNotes() {
  // The helpdesk's {phone} and {email} are the app's configuration, read once per visit (no SEP call is made).
  const care = useQuery({
    queryKey: ['sep', 'customerCare'],
    queryFn: async ({ signal }) => (await callApi(getAppConfig, {}, { signal })).data.customerCare,
    staleTime: Infinity,
  });
  return (
    <aside className={styles.card} aria-labelledby="sep-nach-heading">
      <h2 id="sep-nach-heading" className={styles.heading}>
        {text.nachHeading}
      </h2>
      <ul className={styles.notes}>
        {text.nachNotes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      <a className={styles.link} href={mandateFormHref()} download={text.mandateFileName}>
        {text.downloadForm}
      </a>
      {care.data && <p className={styles.helpdesk}>{text.helpdesk(care.data.phones[0] ?? '', care.data.email)}</p>}
    </aside>
  );
}
