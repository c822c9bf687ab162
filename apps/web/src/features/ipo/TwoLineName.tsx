import styles from './ipo.module.css';

/** A row's name in bold over a second, muted line (symbol over company, company over application number). */
export function TwoLineName({ name, sub }: { name: string; sub: string }) {
  return (
    <>
      <span className={styles.name}>{name}</span>
      <span className={styles.subName}>{sub}</span>
    </>
  );
}
