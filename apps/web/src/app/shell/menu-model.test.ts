import { deriveAbilities } from '@kite/domain';
import { describe, expect, it } from 'vitest';
import { buildCalculatorsMenu, buildFooterActions, buildMainMenu, buildUserMenuLinks, isGroup, type NavSection } from './menu-model.ts';
import { loginFixture } from './testing/login-fixture.ts';

function abilitiesOf(details: Parameters<typeof loginFixture>[0], flags: Partial<ReturnType<typeof loginFixture>['flags']> = {}) {
  const login = loginFixture(details);
  return deriveAbilities(login.accountDetails, { ...login.flags, ...flags });
}

function labels(sections: NavSection[]): Record<string, string[]> {
  return Object.fromEntries(
    sections.map((section) => [
      section.label,
      section.kind === 'link' ? [] : section.entries.flatMap((entry) => (isGroup(entry) ? [entry.label, ...entry.links.map((l) => l.label)] : [entry.label])),
    ]),
  );
}

describe('the main menu follows the permission flags (platform.md 2.4, 6)', () => {
  const everything = abilitiesOf(
    { equity_flag: 'Y', fno_permission: 'Y', cds_nse_permission: 'Y', commodity_flag_mcx: 'Y', shubh_plan_permission: 'Y', span_permission: 'Y' },
    { basketOrder: true, newPnlReport: true },
  );
  const cashOnly = abilitiesOf({ equity_flag: 'Y' });

  it('offers every section and route of 2.4 to a client with every permission', () => {
    const menu = buildMainMenu(everything);
    expect(menu.map((s) => s.label)).toEqual(['Dashboard', 'Marketstats', 'Products', 'Portfolio', 'Reports', 'Trading Tools', 'Info']);
    const marketstats = menu.find((s) => s.id === 'marketstats');
    expect(marketstats?.kind === 'menu' && marketstats.entries.map((e) => e.label)).toEqual(['Equity', 'Currency', 'Commodity']);
    const routes = menu.flatMap((s) => (s.kind === 'link' ? [s.route] : s.entries.flatMap((e) => (isGroup(e) ? e.links : [e]).map((l) => ('route' in l.target ? l.target.route : l.target.external)))));
    for (const route of ['/home/ms/eq/mkt/advancedecline', '/home/ms/eq/overview', '/home/ms/eq/heatmap', '/home/ms/eq/indices', '/home/cur/overview', '/home/com/overview', '/home/ipo', '/home/portfolioTracker', '/home/basketorder', '/home/portfolioTrackerDion', '/home/dpholdings', '/home/PoaPledge', '/home/ExchangePledge', '/home/digitalcontractnote', '/home/backofficereportcurrent', '/home/report/capitalgain', '/home/report/gainsummary', '/home/markettimings', '/home/termsandcondition']) {
      expect(routes).toContain(route);
    }
  });

  it('keeps market summary, sectors, currency and commodity disabled as the spec shows them', () => {
    const marketstats = buildMainMenu(everything).find((s) => s.id === 'marketstats');
    if (marketstats?.kind !== 'menu') throw new Error('no marketstats');
    const [equity, currency, commodity] = marketstats.entries;
    expect(equity && isGroup(equity) && equity.links.filter((l) => l.disabled).map((l) => l.label)).toEqual(['Market Summary', 'Sectors']);
    expect(currency && isGroup(currency) && currency.disabled).toBe(true);
    expect(commodity && isGroup(commodity) && commodity.disabled).toBe(true);
  });

  it('hides what a cash-only client may not use', () => {
    const menu = labels(buildMainMenu(cashOnly));
    expect(menu['Trading Tools']).toBeUndefined();
    expect(menu.Marketstats).not.toContain('Currency');
    expect(menu.Marketstats).not.toContain('Commodity');
    expect(menu.Products).not.toContain('Basket Order');
    expect(menu.Products).not.toContain('Profit and Loss Report New');
    expect(buildCalculatorsMenu(cashOnly).map((l) => l.label)).not.toContain('Span Calculator');
    expect(buildUserMenuLinks(cashOnly).map((l) => l.label)).not.toContain('My Trading Plan');
    expect(buildFooterActions(cashOnly).map((a) => a.label)).toEqual(['My Orders', 'My Trades', 'Net Position', 'Margin', 'Watchlist', 'Place an Order']);
  });

  it('drops the equity market stats and gain reports without the equity segment', () => {
    const menu = labels(buildMainMenu(abilitiesOf({ fno_permission: 'Y' })));
    expect(menu.Marketstats).toBeUndefined();
    expect(menu.Reports).toEqual(['Digital Contract Note', 'Back-office Report (Current FY)']);
    expect(menu['Trading Tools']).toEqual(['Insta Options']);
  });

  it('shows My Trading Plan and the span calculator only with their permissions', () => {
    expect(buildFooterActions(everything).map((a) => a.label)).toContain('My Trading Plan');
    expect(buildUserMenuLinks(everything).map((l) => l.label)).toContain('My Trading Plan');
    expect(buildCalculatorsMenu(everything).map((l) => l.target)).toEqual([
      { route: '/home/margincalculator' },
      { route: '/home/spancalculator' },
      { route: '/home/costofcarrycalculator' },
      { route: '/home/optioncalculator' },
    ]);
  });

  it('marks the external links of the Info and Trading Tools menus', () => {
    const externals = buildMainMenu(everything)
      .flatMap((s) => (s.kind === 'menu' ? s.entries : []))
      .flatMap((e) => (isGroup(e) ? e.links : [e]))
      .filter((l) => 'external' in l.target)
      .map((l) => l.label);
    expect(externals).toEqual(['Insta Options', 'Help', 'CDSL e-Voting', 'DP Charges Schedule']);
  });
});
