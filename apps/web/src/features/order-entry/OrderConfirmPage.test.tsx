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
});
