import type { OrderForm } from '@kite/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { niftySpread, symbolObject } from '../search/testing/search-fixtures.ts';
import { OrderConfirmPage } from './OrderConfirmPage.tsx';

const form = (patch: Partial<OrderForm>): OrderForm => ({
  entryType: 'NEW',
  action: 'buy',
  advanceType: 'REGULAR',
  orderType: 'limit',
  validity: 'DAY',
  product: 'CARRY FORWARD',
  quantity: '2',
  price: '88.5000',
  disclosedQuantity: '0',
  triggerPrice: '0',
  coTriggerPrice: '0',
  boTriggerPrice: '0',
  boTargetPrice: '0',
  vtdDate: '',
  isAmo: false,
  ...patch,
});

/** The confirmation page's list as label -> value. */
function shownRows(): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const dt of screen.getAllByRole('term')) rows[dt.textContent ?? ''] = dt.nextElementSibling?.textContent ?? '';
  return rows;
}

describe('the confirmation page lists what the input page asked (trading.md 2.2)', () => {
  it('a currency order confirms its Lot and Disclosed LOT, as the input page labels them', () => {
    const usdInr: ScripRef = {
      sym: symbolObject({
        id: '70001',
        exc: 'CDS',
        instr: 'FUTCUR',
        xSym: 'USDINR26DECFUT',
        trSymbol: 'USDINR26DECFUT',
      }),
      displaySym: 'USDINR DEC FUT',
      companyName: 'US Dollar - Indian Rupee',
      streamSym: 'USDINR26DECFUT',
      tradable: true,
    };
    render(<OrderConfirmPage form={form({})} scrip={usdInr} charges={null} />);
    const rows = shownRows();
    expect(rows['Lot']).toBe('2');
    expect(rows['Disclosed LOT']).toBe('0');
    expect(rows).not.toHaveProperty('Quantity');
  });

  it('a spread confirms its price difference (what the spread book trades), not a trigger or disclosed quantity', () => {
    const spread: ScripRef = {
      sym: niftySpread.sym,
      displaySym: niftySpread.displaySym,
      companyName: 'NIFTY 50',
      streamSym: niftySpread.streamSym,
      tradable: true,
    };
    render(
      <OrderConfirmPage
        form={form({ product: 'SP', quantity: '65', price: '0', priceDiff: '-12.50' })}
        scrip={spread}
        charges={null}
      />,
    );
    const rows = shownRows();
    expect(rows['Price Difference']).toBe('-12.50');
    expect(rows['Quantity']).toBe('65');
    expect(rows).not.toHaveProperty('Trigger Price SL');
    expect(rows).not.toHaveProperty('Disclosed QTY');
  });

  it('only a stop-loss order confirms a trigger price, and each confirms its own order type (SL, SL-M, not Limit)', () => {
    const reliance: ScripRef = {
      sym: symbolObject({ id: '2885', exc: 'NSE', instr: 'STK', xSym: 'RELIANCE', trSymbol: 'RELIANCE-EQ' }),
      displaySym: 'RELIANCE',
      companyName: 'Reliance Industries Ltd',
      streamSym: 'RELIANCE-EQ',
      tradable: true,
    };
    const cases: [Partial<OrderForm>, string, string | undefined][] = [
      [{ orderType: 'limit', price: '1500.00', triggerPrice: '1495.00' }, 'SL', '1495.00'],
      [{ orderType: 'market', price: '0', triggerPrice: '1495.00' }, 'SL-M', '1495.00'],
      [{ orderType: 'limit', price: '1500.00', triggerPrice: '0' }, 'Limit', undefined],
      [{ orderType: 'limit', price: '1500.00', triggerPrice: '' }, 'Limit', undefined],
      [{ orderType: 'market', price: '0', triggerPrice: '0.00' }, 'Market', undefined],
      [{ advanceType: 'COVER', product: 'INTRADAY', triggerPrice: '0', coTriggerPrice: '1490.00' }, 'Limit', undefined],
    ];
    for (const [patch, orderType, trigger] of cases) {
      const { unmount } = render(
        <OrderConfirmPage form={form({ product: 'INTRADAY', ...patch })} scrip={reliance} charges={null} />,
      );
      const rows = shownRows();
      expect(rows['Order Type'], JSON.stringify(patch)).toBe(orderType);
      expect(rows['Trigger Price SL'], JSON.stringify(patch)).toBe(trigger);
      unmount();
    }
  });
});
