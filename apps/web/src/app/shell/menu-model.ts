import type { Abilities } from '@kite/domain';

export type NavTarget = { route: string } | { external: string };

export interface NavLink {
  id: string;
  label: string;
  target: NavTarget;
  disabled?: boolean;
}

export interface NavGroup {
  id: string;
  label: string;
  disabled?: boolean;
  links: NavLink[];
}

/** A main-menu section: a plain link (Dashboard) or a dropdown of links, possibly grouped. */
export type NavSection =
  | { kind: 'link'; id: string; label: string; route: string }
  | { kind: 'menu'; id: string; label: string; entries: (NavLink | NavGroup)[] };

/**
 * Links that leave the platform (platform.md 2.4). The spec names the documents but not their addresses;
 * CDSL e-voting is the depository's public site, the others are the broker's own documents.
 */
export const externalLinks = {
  instaOptions: 'https://instaoptions.kite-india.example/',
  help: 'https://www.kite-india.example/docs/help.pdf',
  cdslEvoting: 'https://evoting.cdslindia.com/',
  dpChargesSchedule: 'https://www.kite-india.example/docs/dp-charges-schedule.pdf',
} as const;

const home = (path: string): NavTarget => ({ route: `/home/${path}` });
const link = (id: string, label: string, target: NavTarget, disabled = false): NavLink =>
  disabled ? { id, label, target, disabled } : { id, label, target };

export function isGroup(entry: NavLink | NavGroup): entry is NavGroup {
  return 'links' in entry;
}

/**
 * The main menu of platform.md 2.4. Sections are hidden by segment (platform.md 6: market-stats and report sections
 * per segment); every permission comes from deriveAbilities, none is decided here from raw flags.
 */
export function buildMainMenu(abilities: Abilities): NavSection[] {
  const marketstats: (NavLink | NavGroup)[] = [];
  if (abilities.equity) {
    marketstats.push({
      id: 'ms-equity',
      label: 'Equity',
      links: [
        link('ms-eq-summary', 'Market Summary', home('ms/eq/mkt/summary'), true),
        link('ms-eq-sectors', 'Sectors', home('ms/eq/mkt/sectors'), true),
        link('ms-eq-movers', 'Top Movers', home('ms/eq/mkt/advancedecline')),
        link('ms-eq-overview', 'Overview', home('ms/eq/overview')),
        link('ms-eq-heatmap', 'Heatmap', home('ms/eq/heatmap')),
        link('ms-eq-indices', 'Indices', home('ms/eq/indices')),
      ],
    });
  }
  if (abilities.currency) {
    marketstats.push({ id: 'ms-currency', label: 'Currency', disabled: true, links: [link('ms-cur', 'Currency Overview', home('cur/overview'), true)] });
  }
  if (abilities.commodity) {
    marketstats.push({ id: 'ms-commodity', label: 'Commodity', disabled: true, links: [link('ms-com', 'Commodity Overview', home('com/overview'), true)] });
  }

  const products: NavLink[] = [link('ipo', 'IPO', home('ipo')), link('pnl', 'Profit and Loss Report', home('portfolioTracker'))];
  if (abilities.basketOrder) products.push(link('basket', 'Basket Order', home('basketorder')));
  if (abilities.newPnlReport) products.push(link('pnl-new', 'Profit and Loss Report New', home('portfolioTrackerDion')));

  const reports: NavLink[] = [
    link('contract-note', 'Digital Contract Note', home('digitalcontractnote')),
    link('bo-current', 'Back-office Report (Current FY)', home('backofficereportcurrent')),
  ];
  // Capital gains arise from delivery holdings, so the year-wise and summary reports belong to the equity segment.
  if (abilities.equity) {
    reports.push(link('capital-gain', 'Capital Gain (Year-wise)', home('report/capitalgain')));
    reports.push(link('gain-summary', 'Gain Summary', home('report/gainsummary')));
  }

  const sections: NavSection[] = [{ kind: 'link', id: 'dashboard', label: 'Dashboard', route: '/home/dashboard' }];
  if (marketstats.length > 0) sections.push({ kind: 'menu', id: 'marketstats', label: 'Marketstats', entries: marketstats });
  sections.push({ kind: 'menu', id: 'products', label: 'Products', entries: products });
  sections.push({
    kind: 'menu',
    id: 'portfolio',
    label: 'Portfolio',
    entries: [
      link('dp-holdings', 'DP Holdings', home('dpholdings')),
      link('poa-pledge', 'Pledge / Unpledge Stocks', home('PoaPledge')),
      link('exchange-pledge', 'Exchange Pledge / Unpledge', home('ExchangePledge')),
    ],
  });
  sections.push({ kind: 'menu', id: 'reports', label: 'Reports', entries: reports });
  // Insta options is an options tool: offered only with F&O.
  if (abilities.fno) {
    sections.push({ kind: 'menu', id: 'tools', label: 'Trading Tools', entries: [link('insta-options', 'Insta Options', { external: externalLinks.instaOptions })] });
  }
  sections.push({
    kind: 'menu',
    id: 'info',
    label: 'Info',
    entries: [
      link('about', 'About Us', home('aboutus')),
      link('help', 'Help', { external: externalLinks.help }),
      link('contact', 'Contact Us', home('contactus')),
      link('exchange-messages', 'Exchange Messages', home('exchangemessages')),
      link('important-links', 'Important Links', home('importantlinks')),
      link('cdsl-evoting', 'CDSL e-Voting', { external: externalLinks.cdslEvoting }),
      link('login-alert', 'Login Alert', home('loginalert')),
      link('dp-charges', 'DP Charges Schedule', { external: externalLinks.dpChargesSchedule }),
      link('corporate-action', 'Corporate Action Report', home('corporateaction')),
      link('bhavcopy', 'Bhav Copy', home('bhavcopy')),
      link('market-timings', 'Market Status and Timings', home('markettimings')),
      link('terms', 'Terms and Conditions', home('termsandcondition')),
    ],
  });
  return sections;
}

/** Calculators menu of the header (platform.md 2.4); the span calculator needs span_permission (platform.md 6). */
export function buildCalculatorsMenu(abilities: Abilities): NavLink[] {
  const links = [link('margin-calc', 'Margin Calculator', home('margincalculator'))];
  if (abilities.spanCalculator) links.push(link('span-calc', 'Span Calculator', home('spancalculator')));
  links.push(link('coc-calc', 'Cost of Carry Calculator', home('costofcarrycalculator')));
  links.push(link('option-calc', 'Option Calculator', home('optioncalculator')));
  return links;
}

/** The user menu's links (platform.md 2.4); My Trading Plan only with the plan permission. */
export function buildUserMenuLinks(abilities: Abilities): NavLink[] {
  const links = [
    link('my-details', 'My Details', home('profile')),
    link('user-dp-holdings', 'DP Holdings', home('dpholdings')),
    link('user-fund-transfer', 'Fund Transfer', home('fundtransfer')),
  ];
  if (abilities.tradingPlan) links.push(link('user-trading-plan', 'My Trading Plan', home('mytradingplan')));
  links.push(link('settings', 'Settings', home('settings')));
  return links;
}

export type FooterAction = { id: string; label: string } & ({ route: string } | { order: true });

/** Footer buttons (platform.md 2.4): My Trading Plan only with the plan permission; Place an Order opens the order dialog. */
export function buildFooterActions(abilities: Abilities): FooterAction[] {
  const actions: FooterAction[] = [
    { id: 'myorders', label: 'My Orders', route: '/home/myorders' },
    { id: 'mytrades', label: 'My Trades', route: '/home/mytrades' },
    { id: 'netpositions', label: 'Net Position', route: '/home/netpositions' },
    { id: 'margin', label: 'Margin', route: '/home/margin' },
  ];
  if (abilities.tradingPlan) actions.push({ id: 'mytradingplan', label: 'My Trading Plan', route: '/home/mytradingplan' });
  actions.push({ id: 'watchlist', label: 'Watchlist', route: '/home/watchlist' });
  actions.push({ id: 'place-order', label: 'Place an Order', order: true });
  return actions;
}
