/** The single-sign-on entry routes and the /home page each opens (platform.md 2.2, 2.3). */
export const ssoEntryPoints = [
  { path: '/PortfolioTrackerSSO', home: '/home/portfoliotracker' },
  { path: '/PortfolioTrackerSSODion', home: '/home/portfolioTrackerDion' },
  // investing.md 2: the redirect hint MyTradingPlan shows the plan screen full page
  { path: '/MyTradingPlan', home: '/home/mytradingplan', redirectHint: 'MyTradingPlan' },
  { path: '/MarketStatus', home: '/home/markettimings' },
  { path: '/IPO', home: '/home/ipo' },
  // "opens the order-book segment of IPO"
  { path: '/IPOOrder', home: '/home/ipo?segment=orderbook' },
  // "passes user id, source and app key"
  { path: '/PoaPledge', home: '/home/PoaPledge', passIdentity: true },
] as const;

export type SsoEntryPoint = (typeof ssoEntryPoints)[number];

/** The partner's token: ?data= (the call's own field name); ?token= is accepted too. */
export function tokenFrom(search: URLSearchParams): string | null {
  const token = search.get('data') ?? search.get('token');
  return token && token.length > 0 ? token : null;
}

/** What a successful sign-on hands the page it opens: PoaPledge gets the user id, source and app key. */
export interface SsoIdentity {
  userId: string;
  source: string;
  appkey: string;
}

/** Where a successful sign-on lands; the identity travels in router state, never in the URL (the app key is a secret). */
export function landingOf(
  entry: SsoEntryPoint,
  identity: SsoIdentity,
): { to: string; state: { sso: SsoIdentity } | { redirect: string } | null } {
  if ('redirectHint' in entry) return { to: entry.home, state: { redirect: entry.redirectHint } };
  return { to: entry.home, state: 'passIdentity' in entry ? { sso: identity } : null };
}
