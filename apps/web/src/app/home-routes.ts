import { createElement, type ComponentType } from 'react';
import { externalLinks } from './shell/menu-model.ts';
import type { ScreenAbility } from './shell/PermittedScreen.tsx';

export interface HomeRoute {
  /** Path under /home. */
  path: string;
  title: string;
  /** The spec document the screen belongs to. */
  area: string;
  /** Paths marked "not exact" in platform.md 2.3 also match below them. */
  prefix?: boolean;
  /** Lazy loader of the screen. */
  load: () => Promise<{ default: ComponentType }>;
  /** The ability without which the menus do not offer the screen (platform.md 6); its address then refuses too. */
  needs?: ScreenAbility;
}

const trading = 'trading.md';
const investing = 'investing.md';
const platform = 'platform.md';

/** Every /home route of platform.md 2.3, in the spec's order. */
export const homeRoutes: HomeRoute[] = [
  {
    path: 'dashboard',
    title: 'Dashboard',
    area: platform,
    load: () => import('../features/dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })),
  },
  {
    path: 'watchlist',
    title: 'Watchlist',
    area: trading,
    load: () => import('../features/watchlist/WatchlistPage.tsx').then((m) => ({ default: m.WatchlistPage })),
  },
  {
    path: 'news',
    title: 'News',
    area: investing,
    prefix: true,
    load: () => import('../features/news/NewsPage.tsx').then((m) => ({ default: m.NewsPage })),
  },
  {
    path: 'charts',
    title: 'Charts',
    area: investing,
    load: () => import('../features/charts/ChartsPage.tsx').then((m) => ({ default: m.ChartsPage })),
  },
  {
    path: 'myorders',
    title: 'My Orders',
    area: trading,
    load: () => import('../features/orders/MyOrdersPage.tsx').then((m) => ({ default: m.MyOrdersPage })),
  },
  {
    path: 'mytrades',
    title: 'My Trades',
    area: trading,
    load: () => import('../features/trades/MyTradesPage.tsx').then((m) => ({ default: m.MyTradesPage })),
  },
  {
    path: 'margin',
    title: 'Margin',
    area: trading,
    load: () => import('../features/margin/MarginPage.tsx').then((m) => ({ default: m.MarginPage })),
  },
  {
    path: 'netpositions',
    title: 'Net Positions',
    area: trading,
    load: () => import('../features/positions/NetPositionsPage.tsx').then((m) => ({ default: m.NetPositionsPage })),
  },
  {
    path: 'mytradingplan',
    title: 'My Trading Plan',
    area: investing,
    needs: 'tradingPlan',
    load: () => import('../features/plan/MyTradingPlanPage.tsx').then((m) => ({ default: m.MyTradingPlanPage })),
  },
  {
    path: 'profile',
    title: 'My Details',
    area: platform,
    load: () => import('../features/profile/ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })),
  },
  {
    path: 'fundtransfer',
    title: 'Fund Transfer',
    area: investing,
    load: () => import('../features/fund-transfer/FundTransferPage.tsx').then((m) => ({ default: m.FundTransferPage })),
  },
  {
    path: 'dpholdings',
    title: 'DP Holdings',
    area: trading,
    load: () => import('../features/holdings/DpHoldingsPage.tsx').then((m) => ({ default: m.DpHoldingsPage })),
  },
  {
    path: 'settings',
    title: 'Settings',
    area: platform,
    load: () => import('../features/settings/SettingsPage.tsx').then((m) => ({ default: m.SettingsPage })),
  },
  {
    path: 'PoaPledge',
    title: 'Pledge / Unpledge Stocks',
    area: investing,
    load: () => import('../features/pledge/PoaPledgePage.tsx').then((m) => ({ default: m.PoaPledgePage })),
  },
  {
    path: 'ExchangePledge',
    title: 'Exchange Pledge / Unpledge',
    area: investing,
    load: () => import('../features/pledge/ExchangePledgePage.tsx').then((m) => ({ default: m.ExchangePledgePage })),
  },
  {
    path: 'ipo',
    title: 'IPO',
    area: investing,
    load: () => import('../features/ipo/IpoPage.tsx').then((m) => ({ default: m.IpoPage })),
  },
  {
    path: 'sep',
    title: 'SEP',
    area: investing,
    load: () => import('../features/sep/SepPage.tsx').then((m) => ({ default: m.SepPage })),
  },
  {
    path: 'ofs',
    title: 'OFS',
    area: investing,
    load: () => import('../features/ofs/OfsPage.tsx').then((m) => ({ default: m.OfsPage })),
  },
  {
    path: 'basketorder',
    title: 'Basket Order',
    area: trading,
    needs: 'basketOrder',
    load: () => import('../features/basket/BasketPage.tsx').then((m) => ({ default: m.BasketPage })),
  },
  {
    path: 'portfoliotracker',
    title: 'Profit and Loss Report',
    area: investing,
    load: () => import('../features/pnl/PnlPage.tsx').then((m) => ({ default: m.PortfolioTrackerPage })),
  },
  {
    path: 'portfolioTrackerDion',
    title: 'Profit and Loss Report (New)',
    area: investing,
    load: () => import('../features/pnl/PnlPage.tsx').then((m) => ({ default: m.PortfolioTrackerDionPage })),
  },
  {
    path: 'scripdetails',
    title: 'Scrip Details',
    area: trading,
    load: () => import('../features/scrip-details/ScripDetailsPage.tsx').then((m) => ({ default: m.ScripDetailsPage })),
  },
  {
    path: 'aboutus',
    title: 'About Us',
    area: investing,
    load: () => import('../features/information/TextPages.tsx').then((m) => ({ default: m.AboutPage })),
  },
  {
    path: 'contactus',
    title: 'Contact Us',
    area: investing,
    load: () => import('../features/information/TextPages.tsx').then((m) => ({ default: m.ContactPage })),
  },
  {
    path: 'termsandcondition',
    title: 'Terms and Conditions',
    area: investing,
    load: () => import('../features/information/TextPages.tsx').then((m) => ({ default: m.TermsPage })),
  },
  {
    path: 'importantlinks',
    title: 'Important Links',
    area: investing,
    load: () =>
      import('../features/information/ImportantLinksPage.tsx').then((m) => ({ default: m.ImportantLinksPage })),
  },
  {
    path: 'bhavcopy',
    title: 'Bhav Copy',
    area: investing,
    load: () => import('../features/information/BhavCopyPage.tsx').then((m) => ({ default: m.BhavCopyPage })),
  },
  {
    path: 'exchangemessages',
    title: 'Exchange Messages',
    area: investing,
    load: () =>
      import('../features/information/ExchangeMessagesPage.tsx').then((m) => ({ default: m.ExchangeMessagesPage })),
  },
  {
    path: 'corporateaction',
    title: 'Corporate Action Report',
    area: investing,
    load: () =>
      import('../features/information/CorporateActionPage.tsx').then((m) => ({ default: m.CorporateActionPage })),
  },
  {
    path: 'loginalert',
    title: 'Login Alert',
    area: investing,
    load: () => import('../features/information/LoginAlertPage.tsx').then((m) => ({ default: m.LoginAlertPage })),
  },
  {
    path: 'faq',
    title: 'FAQ',
    area: investing,
    load: () => import('../features/information/TextPages.tsx').then((m) => ({ default: m.FaqPage })),
  },
  {
    path: 'markettimings',
    title: 'Market Status and Timings',
    area: investing,
    load: () =>
      import('../features/market-timings/MarketTimingsPage.tsx').then((m) => ({ default: m.MarketTimingsPage })),
  },
  {
    path: 'margincalculator',
    title: 'Margin Calculator',
    area: investing,
    load: () =>
      import('../features/calculators/MarginCalculatorPage.tsx').then((m) => ({ default: m.MarginCalculatorPage })),
  },
  {
    path: 'spancalculator',
    title: 'Span Calculator',
    area: investing,
    needs: 'spanCalculator',
    load: () =>
      import('../features/calculators/SpanCalculatorPage.tsx').then((m) => ({ default: m.SpanCalculatorPage })),
  },
  {
    path: 'optioncalculator',
    title: 'Option Calculator',
    area: investing,
    load: () =>
      import('../features/calculators/OptionCalculatorPage.tsx').then((m) => ({ default: m.OptionCalculatorPage })),
  },
  {
    path: 'costofcarrycalculator',
    title: 'Cost of Carry Calculator',
    area: investing,
    load: () => import('../features/calculators/CostOfCarryPage.tsx').then((m) => ({ default: m.CostOfCarryPage })),
  },
  {
    path: 'help',
    title: 'Help',
    area: investing,
    load: () =>
      import('../features/information/HelpPage.tsx').then((m) => ({
        default: () => createElement(m.HelpPage, { documentUrl: externalLinks.help }),
      })),
  },
  {
    path: 'equity',
    title: 'Equity',
    area: investing,
    load: () => import('../features/reports/SegmentReportPage.tsx').then((m) => ({ default: m.EquityReportPage })),
  },
  {
    path: 'fno',
    title: 'F&O',
    area: investing,
    load: () => import('../features/reports/SegmentReportPage.tsx').then((m) => ({ default: m.FnoReportPage })),
  },
  {
    path: 'ledger',
    title: 'Ledger',
    area: investing,
    load: () => import('../features/reports/LedgerPage.tsx').then((m) => ({ default: m.LedgerPage })),
  },
  {
    path: 'digitalcontractnote',
    title: 'Digital Contract Note',
    area: investing,
    load: () => import('../features/reports/ContractNotePage.tsx').then((m) => ({ default: m.ContractNotePage })),
  },
  {
    path: 'backofficereportcurrent',
    title: 'Back-office Report (Current FY)',
    area: investing,
    load: () =>
      import('../features/reports/BackOfficeReportPage.tsx').then((m) => ({ default: m.BackOfficeCurrentPage })),
  },
  {
    path: 'backofficereportprevfinancialyear',
    title: 'Back-office Report (Previous FY)',
    area: investing,
    load: () =>
      import('../features/reports/BackOfficeReportPage.tsx').then((m) => ({ default: m.BackOfficePreviousPage })),
  },
  {
    path: 'transaction',
    title: 'Transaction',
    area: investing,
    load: () => import('../features/reports/TradeRegisterPage.tsx').then((m) => ({ default: m.TransactionPage })),
  },
  {
    path: 'dematholdings',
    title: 'Demat Holdings',
    area: investing,
    load: () => import('../features/reports/DematHoldingsPage.tsx').then((m) => ({ default: m.DematHoldingsPage })),
  },
  {
    path: 'clientmaster',
    title: 'Client Master',
    area: investing,
    load: () => import('../features/reports/ClientMasterPage.tsx').then((m) => ({ default: m.ClientMasterPage })),
  },
  {
    path: 'stt',
    title: 'STT',
    area: investing,
    load: () => import('../features/reports/TradeRegisterPage.tsx').then((m) => ({ default: m.SttPage })),
  },
  {
    path: 'brokerage',
    title: 'Brokerage',
    area: investing,
    load: () => import('../features/reports/TradeRegisterPage.tsx').then((m) => ({ default: m.BrokeragePage })),
  },
  {
    path: 'sepregistrationreport',
    title: 'SEP Registration Report',
    area: investing,
    load: () =>
      import('../features/reports/SepReportPages.tsx').then((m) => ({ default: m.SepRegistrationReportPage })),
  },
  {
    path: 'sepexecutionreport',
    title: 'SEP Execution Report',
    area: investing,
    load: () => import('../features/reports/SepReportPages.tsx').then((m) => ({ default: m.SepExecutionReportPage })),
  },
  {
    path: 'report/capitalgain',
    title: 'Capital Gain (Year-wise)',
    area: investing,
    load: () => import('../features/reports/CapitalGainPage.tsx').then((m) => ({ default: m.CapitalGainPage })),
  },
  {
    path: 'report/gainsummary',
    title: 'Gain Summary',
    area: investing,
    load: () => import('../features/reports/CapitalGainPage.tsx').then((m) => ({ default: m.GainSummaryPage })),
  },
  {
    path: 'notifications',
    title: 'Notifications',
    area: investing,
    prefix: true,
    load: () =>
      import('../features/notifications/NotificationsPage.tsx').then((m) => ({ default: m.NotificationsPage })),
  },
  {
    path: 'ms/eq/overview',
    title: 'Equity Overview',
    area: investing,
    load: () =>
      import('../features/market-stats/EquityOverviewPage.tsx').then((m) => ({ default: m.EquityOverviewPage })),
  },
  {
    path: 'ms/eq/mkt/summary',
    title: 'Market Summary',
    area: investing,
    load: () =>
      import('../features/market-stats/MarketSummaryPages.tsx').then((m) => ({ default: m.EquityMarketSummaryPage })),
  },
  {
    path: 'ms/eq/mkt/sectors',
    title: 'Sectors',
    area: investing,
    load: () => import('../features/market-stats/SectorsPage.tsx').then((m) => ({ default: m.SectorsPage })),
  },
  {
    path: 'ms/eq/mkt/fiidiiactivity',
    title: 'FII / DII Activity',
    area: investing,
    load: () => import('../features/market-stats/FiiDiiPage.tsx').then((m) => ({ default: m.FiiDiiPage })),
  },
  {
    path: 'ms/eq/mkt/advancedecline',
    title: 'Top Movers',
    area: investing,
    load: () => import('../features/market-stats/TopMoversPage.tsx').then((m) => ({ default: m.TopMoversPage })),
  },
  {
    path: 'ms/eq/mkt/intradaydeals',
    title: 'Intraday Deals',
    area: investing,
    load: () =>
      import('../features/market-stats/IntradayDealsPage.tsx').then((m) => ({ default: m.IntradayDealsPage })),
  },
  {
    path: 'ms/eq/mkt/screeners',
    title: 'Screeners',
    area: investing,
    load: () => import('../features/market-stats/ScreenersPage.tsx').then((m) => ({ default: m.ScreenersPage })),
  },
  {
    path: 'ms/eq/heatmap',
    title: 'Heatmap',
    area: investing,
    load: () => import('../features/market-stats/HeatmapPage.tsx').then((m) => ({ default: m.HeatmapPage })),
  },
  {
    path: 'ms/eq/indices',
    title: 'Indices',
    area: investing,
    load: () => import('../features/market-stats/IndicesPage.tsx').then((m) => ({ default: m.IndicesPage })),
  },
  {
    path: 'ms/eq/calender',
    title: 'Calendar',
    area: investing,
    load: () => import('../features/market-stats/CalendarPage.tsx').then((m) => ({ default: m.CalendarPage })),
  },
  {
    path: 'ms/fno/overview',
    title: 'F&O Overview',
    area: investing,
    load: () => import('../features/market-stats/FnoOverviewPage.tsx').then((m) => ({ default: m.FnoOverviewPage })),
  },
  {
    path: 'ms/fno/mkt/summary',
    title: 'F&O Market Summary',
    area: investing,
    load: () =>
      import('../features/market-stats/MarketSummaryPages.tsx').then((m) => ({ default: m.FnoMarketSummaryPage })),
  },
  {
    path: 'ms/fno/mkt/sectors',
    title: 'F&O Sectors',
    area: investing,
    load: () => import('../features/market-stats/SectorsPage.tsx').then((m) => ({ default: m.FnoSectorsPage })),
  },
  {
    path: 'ms/fno/mkt/screeners',
    title: 'F&O Screeners',
    area: investing,
    load: () => import('../features/market-stats/OiBuildupPage.tsx').then((m) => ({ default: m.OiBuildupPage })),
  },
  {
    path: 'ms/fno/mkt/advancedecline',
    title: 'F&O Advance / Decline',
    area: investing,
    load: () =>
      import('../features/market-stats/FnoAdvanceDeclinePage.tsx').then((m) => ({ default: m.FnoAdvanceDeclinePage })),
  },
  {
    path: 'ms/fno/mkt/unusual',
    title: 'Unusual Activity',
    area: investing,
    load: () =>
      import('../features/market-stats/UnusualActivityPage.tsx').then((m) => ({ default: m.UnusualActivityPage })),
  },
  {
    path: 'cur/overview',
    title: 'Currency Overview',
    area: investing,
    load: () =>
      import('../features/market-stats/SegmentOverviewPage.tsx').then((m) => ({ default: m.CurrencyOverviewPage })),
  },
  {
    path: 'com/overview',
    title: 'Commodity Overview',
    area: investing,
    load: () =>
      import('../features/market-stats/SegmentOverviewPage.tsx').then((m) => ({ default: m.CommodityOverviewPage })),
  },
];
