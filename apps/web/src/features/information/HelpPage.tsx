import { informationText } from '@kite/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { useCustomerCare } from './api/info-calls.ts';
import styles from './information.module.css';

const text = informationText.help;

function LinkList({ links }: { links: readonly { label: string; route: string; body: string }[] }) {
  return (
    <ul className={styles.linkList}>
      {links.map((l) => (
        <li key={l.route}>
          <Link className={styles.link} to={l.route}>
            {l.label}
          </Link>
          <span className={styles.linkDescription}>{l.body}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * /home/help: the menu's Help opens the external help document (platform.md 2.4); this route is the in-app help
 * page: where answers are, the statements, how to reach customer care, and the keyboard shortcuts of platform.md 2.7.
 * The document's address is the shell's (passed in by the route) so it is kept in one place.
 */
export function HelpPage({ documentUrl }: { documentUrl: string }) {
  const titleId = useId();
  const care = useCustomerCare();
  return (
    <section className={styles.textPage} aria-labelledby={titleId}>
      <div className={styles.column}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <p className={styles.lead}>{text.lead}</p>
        <div className={styles.cards}>
          <article className={styles.card}>
            <h2 className={styles.sectionHeading}>{text.answersHeading}</h2>
            <LinkList links={text.answers} />
            <p className={styles.helpGuide}>
              <a className={styles.link} href={documentUrl} target="_blank" rel="noreferrer">
                {text.guide}
                <span className={styles.visuallyHidden}> ({text.opensOutside})</span>
              </a>
              <span className={styles.linkDescription}>{text.guideBody}</span>
            </p>
          </article>
          <article className={styles.card}>
            <h2 className={styles.sectionHeading}>{text.reportsHeading}</h2>
            <LinkList links={text.reports} />
          </article>
        </div>
        <article className={styles.card}>
          <h2 className={styles.sectionHeading}>{text.contactHeading}</h2>
          <p className={styles.body}>{text.contactBody}</p>
          {care.data && (
            <p className={styles.body}>{informationText.sep.helpdesk(care.data.phones.join(', '), care.data.email)}</p>
          )}
          <Link className={styles.link} to="/home/contactus">
            {text.contactLink}
          </Link>
        </article>
        <article className={styles.card}>
          <h2 className={styles.sectionHeading}>{text.shortcutsHeading}</h2>
          <table className={styles.shortcuts}>
            <caption className={styles.visuallyHidden}>{text.shortcutsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.keyColumn}</th>
                <th scope="col">{text.actionColumn}</th>
              </tr>
            </thead>
            <tbody>
              {text.shortcuts.map((s) => (
                <tr key={s.action}>
                  <th scope="row">
                    {s.keys.map((key, i) => (
                      <span key={key}>
                        {i > 0 && ' or '}
                        <kbd className={styles.key}>{key}</kbd>
                      </span>
                    ))}
                  </th>
                  <td>{s.action}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={styles.note}>{text.shortcutsNote}</p>
        </article>
      </div>
    </section>
  );
}
