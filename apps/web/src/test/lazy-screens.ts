import { waitFor } from '@testing-library/react';

/** Waits until no route screen is still loading its code (components/lazy-screen marks the loading state). */
export async function lazyScreensLoaded(): Promise<void> {
  await waitFor(() => {
    if (document.querySelector('[data-lazy-screen]') !== null) throw new Error('a lazy screen is still loading');
  });
}
