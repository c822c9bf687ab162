import { lazy, Suspense, type ComponentType } from 'react';
import styles from './lazy-screen.module.css';

/** Loads a screen's module; the screen is its named export. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** Shown while a screen's code arrives: a line of text, so the page is never blank (data-lazy-screen marks it). */
export function ScreenLoading() {
  return (
    <div className={styles.loading} role="status" data-lazy-screen="">
      Loading…
    </div>
  );
}

/** A route element whose code is fetched the first time it is shown (route-level code splitting). */
export function lazyScreen(load: ScreenLoader) {
  const Screen = lazy(load);
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Screen />
    </Suspense>
  );
}
