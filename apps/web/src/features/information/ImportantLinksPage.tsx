import { type ImportantLink, informationText } from '@kite/domain';
import { useId } from 'react';
import { useImportantLinks } from './api/info-calls.ts';
import styles from './information.module.css';

const text = informationText.importantLinks;

function groupsOf(links: readonly ImportantLink[]): [string, ImportantLink[]][] {
  const groups = new Map<string, ImportantLink[]>();
  for (const link of links) groups.set(link.group, [...(groups.get(link.group) ?? []), link]);
  return [...groups];
}

/** /home/importantlinks: the curated links, a card per group, each opening in a new tab. */
export function ImportantLinksPage() {
  const titleId = useId();
  const links = useImportantLinks();
  return (
    <section className={styles.textPage} aria-labelledby={titleId}>
      <div className={styles.column}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        {links.isPending && <p className={styles.message}>{informationText.common.loading}</p>}
        {links.isError && (
          <p className={styles.message} role="alert">
            {links.error.message}
          </p>
        )}
        {links.data?.length === 0 && <p className={styles.message}>{text.empty}</p>}
        {links.data && links.data.length > 0 && (
          <div className={styles.cards}>
            {groupsOf(links.data).map(([group, members]) => (
              <article key={group} className={styles.card} aria-label={group}>
                <h2 className={styles.linkGroup}>{group}</h2>
                <ul className={styles.linkList}>
                  {members.map((link) => (
                    <li key={link.url}>
                      <a className={styles.link} href={link.url} target="_blank" rel="noopener noreferrer">
                        {link.name}
                        <span className={styles.visuallyHidden}> ({text.opensOutside})</span>
                      </a>
                      <span className={styles.linkDescription}>{link.description}</span>
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
