import { informationText } from '@kite/domain';
import { useId } from 'react';
import { useCustomerCare } from './api/info-calls.ts';
import styles from './information.module.css';

interface Section {
  heading: string;
  body: string;
}

function TextPage({ title, lead, sections }: { title: string; lead?: string; sections: readonly Section[] }) {
  const titleId = useId();
  return (
    <section className={styles.textPage} aria-labelledby={titleId}>
      <div className={styles.column}>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {sections.map((section) => (
          <article key={section.heading} className={styles.card}>
            <h2 className={styles.sectionHeading}>{section.heading}</h2>
            <p className={styles.body}>{section.body}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

/** /home/aboutus: a text page from the catalogue. */
export function AboutPage() {
  const text = informationText.about;
  return <TextPage title={text.title} lead={text.lead} sections={text.sections} />;
}

/** /home/termsandcondition: a text page from the catalogue. */
export function TermsPage() {
  const text = informationText.terms;
  return <TextPage title={text.title} sections={text.sections} />;
}

/** /home/faq: questions as an accordion (native disclosure widgets: keyboard and screen readers for free). */
export function FaqPage() {
  const text = informationText.faq;
  const titleId = useId();
  return (
    <section className={styles.textPage} aria-labelledby={titleId}>
      <div className={styles.column}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <div className={styles.card}>
          {text.items.map((item) => (
            <details key={item.question} className={styles.faq}>
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

/** /home/contactus: customer care from /App/Config (the spec's {phone} and {email}), the office and grievances. */
export function ContactPage() {
  const text = informationText.contact;
  const titleId = useId();
  const care = useCustomerCare();
  return (
    <section className={styles.textPage} aria-labelledby={titleId}>
      <div className={styles.column}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <div className={styles.cards}>
          <article className={styles.card}>
            <h2 className={styles.sectionHeading}>{text.careHeading}</h2>
            {care.isPending && <p className={styles.note}>{informationText.common.loading}</p>}
            {care.isError && (
              <p className={styles.note} role="alert">
                {text.unavailable}
              </p>
            )}
            {care.data && (
              <dl className={styles.contactList}>
                <dt>{text.phones}</dt>
                <dd>
                  {care.data.phones.map((phone) => (
                    <a key={phone} className={`${styles.link} num`} href={`tel:${phone.replaceAll('-', '')}`}>
                      {phone}
                      <br />
                    </a>
                  ))}
                </dd>
                <dt>{text.email}</dt>
                <dd>
                  <a className={styles.link} href={`mailto:${care.data.email}`}>
                    {care.data.email}
                  </a>
                </dd>
              </dl>
            )}
            <p className={styles.note}>{text.hours}</p>
          </article>
          <article className={styles.card}>
            <h2 className={styles.sectionHeading}>{text.officeHeading}</h2>
            <address className={styles.address}>
              {text.office.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
            </address>
          </article>
        </div>
        <article className={styles.card}>
          <h2 className={styles.sectionHeading}>{text.grievanceHeading}</h2>
          <p className={styles.body}>{text.grievance}</p>
        </article>
      </div>
    </section>
  );
}
