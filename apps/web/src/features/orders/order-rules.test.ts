import { deriveAbilities } from '@kite/domain';
import { describe, expect, it } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { canCancel, canModify, isExit, orderKind, orderSegment, rejectReasonHint } from './order-rules.ts';
import { orderExchangesFor, orderTabsFor } from './order-tabs.ts';
import { leg, orderRow } from './testing/order-fixtures.tsx';

const abilitiesOf = (details: Parameters<typeof loginFixture>[0]) => {
  const login = loginFixture(details);
  return deriveAbilities(login.accountDetails, login.flags);
};

describe('order button rules (trading.md 6)', () => {
  it('enables Modify only for a modifiable order', () => {
    expect(canModify(orderRow())).toBe(true);
    expect(canModify(orderRow({ modifiable: false }))).toBe(false);
  });

  it('enables Cancel/Exit of a regular order by its own flag', () => {
    expect(canCancel(orderRow())).toBe(true);
    expect(canCancel(orderRow({ cancellable: false }))).toBe(false);
  });

  it('enables Exit of a bracket order when any leg is cancellable', () => {
    const bracket = { prdType: 'BO' as const, cancellable: false };
    expect(canCancel(orderRow({ ...bracket, leg1: [leg({ cancellable: false })], leg2: [leg({ cancellable: true })] }))).toBe(true);
    expect(canCancel(orderRow({ ...bracket, leg1: [leg({ cancellable: false })], leg2: [leg({ cancellable: false })] }))).toBe(false);
    expect(canCancel(orderRow({ prdType: 'BO', cancellable: true, leg1: [leg({ cancellable: false })], leg2: [] }))).toBe(false);
  });

  it('enables Exit of a cover order by leg1 only', () => {
    expect(canCancel(orderRow({ prdType: 'CO', cancellable: true, leg1: [leg({ cancellable: false })] }))).toBe(false);
    expect(canCancel(orderRow({ prdType: 'CO', cancellable: false, leg1: [leg({ cancellable: true })] }))).toBe(true);
  });

  it('names cover and bracket orders exits and knows spreads', () => {
    expect(isExit(orderRow({ prdType: 'CO' }))).toBe(true);
    expect(isExit(orderRow({ prdType: 'BO' }))).toBe(true);
    expect(isExit(orderRow())).toBe(false);
    expect(orderKind(orderRow({ prdType: 'SP' }))).toBe('spread');
  });

  it("shows a reject reason only for rejected orders, not when empty or '-'", () => {
    expect(rejectReasonHint(orderRow({ ordStatus: 'REJECTED', rejectReason: 'RMS: Margin Exceeds' }))).toBe('RMS: Margin Exceeds');
    expect(rejectReasonHint(orderRow({ ordStatus: 'REJECTED', rejectReason: '-' }))).toBeNull();
    expect(rejectReasonHint(orderRow({ ordStatus: 'REJECTED', rejectReason: ' ' }))).toBeNull();
    expect(rejectReasonHint(orderRow({ ordStatus: 'CANCELLED', rejectReason: 'whatever' }))).toBeNull();
  });

  it('places an order on its segment tab', () => {
    expect(orderSegment(orderRow())).toBe('equity');
    expect(orderSegment(orderRow({ sym: { id: '1', exc: 'CDS', exc_seg: 'cde_fo', instr: 'FUTCUR', xSym: 'USDINR' } }))).toBe('currency');
    expect(orderSegment(orderRow({ sym: { id: '1', exc: 'MCX', exc_seg: 'mcx_fo', instr: 'FUTCOM', xSym: 'GOLD' } }))).toBe('commodity');
  });
});

describe('My Orders tabs and exchanges (trading.md 2.3, 6)', () => {
  it('offers a tab per permitted segment, in the spec order', () => {
    expect(orderTabsFor(abilitiesOf({ equity_flag: 'Y' })).map((t) => t.id)).toEqual(['equity']);
    const all = abilitiesOf({ equity_flag: 'Y', fno_permission: 'Y', fno_nse_spd_permission: 'Y', cds_nse_permission: 'Y', commodity_flag_ncdex: 'Y' });
    expect(orderTabsFor(all).map((t) => t.label)).toEqual(['Equity', 'F&O', 'Spread', 'Currency', 'Commodity']);
    expect(orderTabsFor(abilitiesOf({ fno_nse_spd_permission: 'Y' }))).toEqual([]);
  });

  it('shows MCX and NCDEX only with their flags', () => {
    expect(orderExchangesFor('commodity', abilitiesOf({ commodity_flag_ncdex: 'Y' }))).toEqual(['NCDEX']);
    expect(orderExchangesFor('commodity', abilitiesOf({ commodity_flag_mcx: 'Y', commodity_flag_ncdex: 'Y' }))).toEqual(['MCX', 'NCDEX']);
    expect(orderExchangesFor('fno', abilitiesOf({ fno_permission: 'Y' }))).toEqual(['NFO', 'BFO']);
    expect(orderExchangesFor('currency', abilitiesOf({ cds_nse_permission: 'Y' }))).toEqual(['NSE', 'BSE']);
  });
});
