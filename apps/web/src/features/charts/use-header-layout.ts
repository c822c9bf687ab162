import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** The element's width, followed as it changes (0 until measured, and where there is no ResizeObserver). */
export function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * How many tool names the header shows: all (2), those of the menus only (1) or none (0), the most that keep it within
 * its edge (the names stay as tooltips and accessible names). Measured before paint, again when the width or the
 * symbol changes.
 */
export function useToolLabels(
  header: RefObject<HTMLElement | null>,
  end: RefObject<HTMLElement | null>,
  inputs: readonly unknown[],
): 0 | 1 | 2 {
  const [level, setLevel] = useState<0 | 1 | 2>(2);
  useLayoutEffect(() => setLevel(2), inputs);
  useLayoutEffect(() => {
    const box = header.current?.getBoundingClientRect();
    const last = end.current?.getBoundingClientRect();
    if (level > 0 && box && last && box.width > 0 && last.right > box.right + 1) setLevel(level === 2 ? 1 : 0);
  });
  return level;
}
