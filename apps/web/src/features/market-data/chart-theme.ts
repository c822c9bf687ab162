/**
 * The canvas charts take their colours from the theme's tokens (styles/tokens.css): read from the element's computed
 * style, so a theme switch is followed by reading them again.
 */

/** A CSS custom property of the element, e.g. themeToken(box, '--up') -> "#26a69a". */
export function themeToken(element: Element, name: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim();
}

/** "#26a69a" -> "rgba(38, 166, 154, a)": a fill is its line's colour, faded (tokens hold hex colours). */
export function fade(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return hex;
  const [r, g, b] = [match[1], match[2], match[3]].map((part) => parseInt(part ?? '0', 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Calls `paint` whenever the theme changes (settings switch data-theme on the root); returns the unsubscribe. */
export function onThemeChange(paint: () => void): () => void {
  const observer = new MutationObserver(paint);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
