/** Oldest supported versions (platform.md 2.1): below these the unsupported-browser page is shown. */
const minimumVersions = { chrome: 25, ie: 10, edge: 12, firefox: 20 } as const;

function majorVersion(userAgent: string, pattern: RegExp): number | null {
  const match = pattern.exec(userAgent);
  return match?.[1] ? Number.parseInt(match[1], 10) : null;
}

/** True when the browser is one of the spec's unsupported versions. Unknown browsers are given the benefit of the doubt. */
export function isUnsupportedBrowser(userAgent: string): boolean {
  // Order matters: Edge and IE also claim Chrome or Mozilla in their user-agent strings.
  const edge = majorVersion(userAgent, /Edge?\/(\d+)/);
  if (edge !== null) return edge < minimumVersions.edge;
  const msie = majorVersion(userAgent, /MSIE (\d+)/);
  if (msie !== null) return msie < minimumVersions.ie;
  if (/Trident\//.test(userAgent)) {
    const trident = majorVersion(userAgent, /rv:(\d+)/);
    return trident !== null && trident < minimumVersions.ie;
  }
  const firefox = majorVersion(userAgent, /Firefox\/(\d+)/);
  if (firefox !== null) return firefox < minimumVersions.firefox;
  const chrome = majorVersion(userAgent, /(?:Chrome|Chromium|HeadlessChrome)\/(\d+)/);
  if (chrome !== null) return chrome < minimumVersions.chrome;
  return false;
}

export function isMobileBrowser(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|IEMobile|Opera Mini|Mobile/i.test(userAgent);
}
