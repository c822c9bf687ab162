import { platformText } from '@kite/domain';
import styles from './static-pages.module.css';

function StepsPage({ title, steps }: { title: string; steps: readonly string[] }) {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </main>
  );
}

/** The static UPI help pages of platform.md 2.1. */
export const CreateUpiPage = () => <StepsPage title={platformText.createUpiTitle} steps={platformText.createUpiSteps} />;
export const FindUpiPage = () => <StepsPage title={platformText.findUpiTitle} steps={platformText.findUpiSteps} />;

function NoticePage({ title, body }: { title: string; body: string }) {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.body}>{body}</p>
    </main>
  );
}

export const UnsupportedBrowserPage = () => (
  <NoticePage title={platformText.unsupportedBrowserTitle} body={platformText.unsupportedBrowserBody} />
);
export const MobileAppPage = () => <NoticePage title={platformText.mobileAppTitle} body={platformText.mobileAppBody} />;
