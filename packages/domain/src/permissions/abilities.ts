import { z } from 'zod';

const flag = z.enum(['Y', 'N']);

/** Account details kept per session (platform.md 3.1). Each permission is on only when it equals 'Y'. */
export const accountDetailsSchema = z.object({
  user: z.string(),
  marginMode: z.string(),
  mta_nse_permission: flag,
  mta_bse_permission: flag,
  shortsell_nse_permission: flag,
  shortsell_bse_permission: flag,
  equity_flag: flag,
  bse_permission: flag,
  fno_permission: flag,
  fno_nse_spd_permission: flag,
  cds_nse_permission: flag,
  commodity_flag_mcx: flag,
  commodity_flag_ncdex: flag,
  shubh_plan_permission: flag,
  fno_int_permission: flag,
  span_permission: flag,
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;

/** Flags the spec names but whose keys it does not show (platform.md 6, last row); kept beside the account details. */
export const extraFlagsSchema = z.object({
  basketOrder: z.boolean(),
  newPnlReport: z.boolean(),
  spreadSearch: z.boolean(),
  mergeEqCom: z.boolean(),
  nonPoa: z.boolean(),
});
export type ExtraFlags = z.infer<typeof extraFlagsSchema>;

export type Segment = 'Equity' | 'FNO' | 'Spread' | 'Currency' | 'Commodity';
export type TradingExchange = 'NSE' | 'BSE' | 'NFO' | 'BFO' | 'CDS' | 'MCX' | 'NCDEX';

export interface Abilities {
  equity: boolean;
  fno: boolean;
  spread: boolean;
  currency: boolean;
  commodity: boolean;
  mcx: boolean;
  ncdex: boolean;
  nseBseOffered: boolean;
  marginTrading: { NSE: boolean; BSE: boolean };
  shortSell: { NSE: boolean; BSE: boolean };
  tradingPlan: boolean;
  interoperableFno: boolean;
  spanCalculator: boolean;
  edisRequired: boolean;
  basketOrder: boolean;
  newPnlReport: boolean;
  spreadSearch: boolean;
  /** The segment choices shown to the client, in menu order (platform.md 6). */
  segments: readonly string[];
}

const on = (value: string | undefined): boolean => value === 'Y';

/** The one function deriving every ability from the flags; menus, tabs, buttons and the server all call it. */
export function deriveAbilities(details: AccountDetails, extra: ExtraFlags): Abilities {
  const equity = on(details.equity_flag) || on(details.bse_permission);
  const fno = on(details.fno_permission);
  const currency = on(details.cds_nse_permission);
  const mcx = on(details.commodity_flag_mcx);
  const ncdex = on(details.commodity_flag_ncdex);
  const commodity = mcx || ncdex;
  const spread = on(details.fno_nse_spd_permission) && fno;
  const segments: string[] = [];
  if (extra.mergeEqCom && (equity || commodity)) segments.push('Equity/Commodity');
  else {
    if (equity) segments.push('Equity');
  }
  if (fno) segments.push('FNO');
  if (spread) segments.push('Spread');
  if (currency) segments.push('Currency');
  if (commodity && !extra.mergeEqCom) segments.push('Commodity');
  return {
    equity,
    fno,
    spread,
    currency,
    commodity,
    mcx,
    ncdex,
    nseBseOffered: equity || fno || currency,
    marginTrading: { NSE: on(details.mta_nse_permission), BSE: on(details.mta_bse_permission) },
    shortSell: { NSE: on(details.shortsell_nse_permission), BSE: on(details.shortsell_bse_permission) },
    tradingPlan: on(details.shubh_plan_permission),
    interoperableFno: on(details.fno_int_permission),
    spanCalculator: on(details.span_permission),
    edisRequired: extra.nonPoa,
    basketOrder: extra.basketOrder,
    newPnlReport: extra.newPnlReport,
    spreadSearch: extra.spreadSearch && spread,
    segments,
  };
}

/**
 * May the client sell equity short on this exchange (NSE for any other): the IN DP / NOT IN DP choice shows for it
 * (trading.md 8), and its NOT IN DP delivery sells are not checked against its shares (used on both sides).
 */
export function sellsShort(abilities: Abilities, exchange: string): boolean {
  return abilities.shortSell[exchange === 'BSE' ? 'BSE' : 'NSE'];
}

/** May the client trade on this exchange at all (used by order entry on both sides). */
export function canTradeExchange(abilities: Abilities, exchange: TradingExchange): boolean {
  switch (exchange) {
    case 'NSE':
    case 'BSE':
      return abilities.equity;
    case 'NFO':
    case 'BFO':
      return abilities.fno;
    case 'CDS':
      return abilities.currency;
    case 'MCX':
      return abilities.mcx;
    case 'NCDEX':
      return abilities.ncdex;
    default: {
      const unknown: never = exchange;
      throw new Error(`Unknown exchange ${String(unknown)}`);
    }
  }
}
