import { describe, expect, it } from 'vitest';
import { canTradeExchange, deriveAbilities, sellsShort, type AccountDetails, type ExtraFlags } from './abilities.ts';

const allN: AccountDetails = {
  user: 'X',
  marginMode: 'M',
  mta_nse_permission: 'N',
  mta_bse_permission: 'N',
  shortsell_nse_permission: 'N',
  shortsell_bse_permission: 'N',
  equity_flag: 'N',
  bse_permission: 'N',
  fno_permission: 'N',
  fno_nse_spd_permission: 'N',
  cds_nse_permission: 'N',
  commodity_flag_mcx: 'N',
  commodity_flag_ncdex: 'N',
  shubh_plan_permission: 'N',
  fno_int_permission: 'N',
  span_permission: 'N',
};
const noExtra: ExtraFlags = { basketOrder: false, newPnlReport: false, spreadSearch: false, mergeEqCom: false, nonPoa: false };

describe('abilities from account flags (platform.md 6)', () => {
  it('gives an equity-only client equity and nothing else', () => {
    const a = deriveAbilities({ ...allN, equity_flag: 'Y', bse_permission: 'Y' }, noExtra);
    expect(a.equity).toBe(true);
    expect(a.fno).toBe(false);
    expect(a.segments).toEqual(['Equity']);
    expect(canTradeExchange(a, 'NSE')).toBe(true);
    expect(canTradeExchange(a, 'NFO')).toBe(false);
  });
  it('sells short on an exchange only with its own flag (NSE for any other exchange)', () => {
    const a = deriveAbilities({ ...allN, equity_flag: 'Y', shortsell_bse_permission: 'Y' }, noExtra);
    expect([sellsShort(a, 'BSE'), sellsShort(a, 'NSE'), sellsShort(a, 'NFO')]).toEqual([true, false, false]);
  });
  it('needs F&O for spread and offers MCX only with its own flag', () => {
    const a = deriveAbilities({ ...allN, fno_nse_spd_permission: 'Y', commodity_flag_ncdex: 'Y' }, noExtra);
    expect(a.spread).toBe(false);
    expect(a.commodity).toBe(true);
    expect(canTradeExchange(a, 'MCX')).toBe(false);
    expect(canTradeExchange(a, 'NCDEX')).toBe(true);
    expect(a.nseBseOffered).toBe(false);
  });
  it('merges equity and commodity into one choice under MergeEqCom', () => {
    const a = deriveAbilities({ ...allN, equity_flag: 'Y', commodity_flag_mcx: 'Y' }, { ...noExtra, mergeEqCom: true });
    expect(a.segments).toEqual(['Equity/Commodity']);
  });
  it('treats anything but Y as off', () => {
    const a = deriveAbilities({ ...allN, fno_permission: 'N' }, noExtra);
    expect(a.fno).toBe(false);
  });
});
