import styles from './placeholder.module.css';

export interface PlaceholderPageProps {
  title: string;
  /** Which part of the specification builds this screen. */
  area: string;
}

/** Stands in for a screen whose issue has not landed yet: never a blank page. */
export function PlaceholderPage({ title, area }: PlaceholderPageProps) {
  return (
    <section className={styles.page} aria-labelledby="placeholder-title">
      <h1 id="placeholder-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.text}>This screen is being built ({area}). It will appear here once it is ready.</p>
    </section>
  );
}
