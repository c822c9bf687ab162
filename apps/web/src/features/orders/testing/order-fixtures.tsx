import type { OrderRow } from '@kite/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DialogHost } from '../../../components/dialog/index.ts';

type Leg = NonNullable<OrderRow['leg1']>[number];

/** An outstanding NSE limit buy of 10 INFY; patch what a test is about. */
export function orderRow(patch: Partial<OrderRow> = {}): OrderRow {
  return {
    orderId: '251121000001',
    exchOrderId: '1100000000001',
    sym: { id: '1594', exc: 'NSE', exc_seg: 'nse_cm', instr: 'STK', xSym: 'INFY-EQ', trSymbol: 'INFY-EQ' },
    displaySym: 'INFY',
    ordAction: 'BUY',
    prdType: 'CASH',
    ordType: 'limit',
    ordDuration: 'DAY',
    ordStatus: 'OUTSTANDING',
    rejectReason: '',
    limitPrice: '1200.00',
    triggerPrice: '0.00',
    avgPrice: '0.00',
    qty: 10,
    remQty: 10,
    tradedQty: 0,
    disQty: 0,
    protPercent: '',
    user: 'DEMO1',
    ordDate: '21/11/2026',
    ordTime: '10:15:02',
    modifiable: true,
    cancellable: true,
    isAmo: false,
    boStatus: '',
    nestRequestId: '',
    vtdDate: '',
    ...patch,
  };
}

export function leg(patch: Partial<Leg> = {}): Leg {
  return {
    orderId: '251121000002',
    exchOrderId: '1100000000002',
    qty: 10,
    remQty: 10,
    triggerPrice: '1180.00',
    limitPrice: '0.00',
    targetPrice: '0.00',
    ordAction: 'SELL',
    ordStatus: 'OUTSTANDING',
    user: 'DEMO1',
    ordDate: '21/11/2026',
    ordTime: '10:15:02',
    modifiable: true,
    cancellable: true,
    ...patch,
  };
}

/** Renders a screen under /home/<path> with react-query, a router and the dialog host. */
export function renderScreen(path: string, element: ReactElement, state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: `/home/${path}`, element },
      { path: '/home/dashboard', element: <h1>Dashboard</h1> },
      { path: '/home/scripdetails', element: <h1>Scrip Details</h1> },
    ],
    { initialEntries: [{ pathname: `/home/${path}`, state }] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  return { router, client };
}
