import { tradingText } from '@kite/domain';
import { describe, expect, it } from 'vitest';
import { snapshot } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';
import { goTo, openOrderFor, setField, submitOrder } from '../support/trading.ts';

const t = tradingText.orderEntry;

// DEMO2 is a non-POA client: a delivery sell of its holdings waits for e-DIS (trading.md 4.2), but an intraday sell
// takes no shares from the demat. Until session 34 the order dialog's sell, its In DP toggle left on, was refused
// with 'Order quantity can not be greater then E-dis quantity' on the Intraday tab too.
describe('a non-POA client trades intraday without e-DIS', () => {
  const s = browserSuite({ ownServer: {}, signedInAs: 'DEMO2' });

  it('buys ICICIBANK intraday and squares it off with an intraday sell, then sells it short intraday', async () => {
    const { page } = s;
    const placed: string[] = [];
    for (const side of ['BUY', 'SELL', 'SELL'] as const) {
      const dialog = await openOrderFor(page, 'icicibank', { side, via: 'footer', pick: /ICICIBANK/ });
      await dialog.getByRole('tab', { name: t.productChoices.INTRADAY }).click();
      await dialog.getByRole('radio', { name: t.priceTypes.market }).check();
      await setField(dialog, t.quantity, '2');
      if (side === 'SELL') await snapshot(page, 'intraday-non-poa-sell-1366');
      placed.push(await submitOrder(page, dialog, t.confirmTitle(false, side)));
    }
    expect(placed.every((orderId) => /^\d+$/.test(orderId))).toBe(true);
    // Net: 2 bought, 4 sold intraday, so 2 short (NET QTY, the fourth column); the demat's 30 ICICIBANK are all
    // still free (FREE QTY, the third column of DP Holdings): no sell took or reserved any.
    await goTo(page, '/home/netpositions');
    const row = page.getByRole('row').filter({ hasText: 'ICICIBANK' }).filter({ hasText: 'INTRADAY' });
    await expect.poll(() => row.getByRole('cell').nth(3).textContent(), { timeout: 10_000 }).toBe('-2');
    await goTo(page, '/home/dpholdings');
    const holding = page.getByRole('row').filter({ hasText: 'ICICIBANK' });
    await expect.poll(() => holding.getByRole('cell').nth(2).textContent(), { timeout: 10_000 }).toBe('30');
  });
});
