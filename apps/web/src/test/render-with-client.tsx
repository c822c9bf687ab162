import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { DialogHost } from '../components/dialog/index.ts';

/** Renders a screen that needs no router: with its own query client (no retries) and the dialog host. */
export function renderWithClient(screen: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {screen}
      <DialogHost />
    </QueryClientProvider>,
  );
  return client;
}
