import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { DialogHost } from '../components/dialog/index.ts';
import { applyTheme } from '../features/settings/theme.ts';
import { DormantRoot } from './root/DormantRoot.tsx';
import { readRootFlag } from './root/read-root-flag.ts';
import { selectRootView, type RootView } from './root/root-selection.ts';
import { CreateUpiPage, FindUpiPage, MobileAppPage, UnsupportedBrowserPage } from './root/StaticPages.tsx';
import { createRouter } from './router.tsx';
import { REDIRECT_VIEW_PATH } from '../features/payment/payment-routes.tsx';
import { forgetAnswersOnClientChange } from '../lib/session/forget-answers.ts';
import { local, storageKeys } from '../lib/storage/storage.ts';
import { disableContextMenu, fetchStreamStatus, unregisterServiceWorkers } from './start-up.ts';

function NormalApp() {
  const [router] = useState(() => {
    // A stored REDIRECT value shows the redirect view whatever the address (platform.md 2.2).
    if (local.get(storageKeys.redirect) && window.location.pathname !== REDIRECT_VIEW_PATH) {
      window.history.replaceState(null, '', REDIRECT_VIEW_PATH);
    }
    return createRouter();
  });
  useEffect(() => {
    void fetchStreamStatus();
  }, []);
  return <RouterProvider router={router} />;
}

function RootContent({ view }: { view: RootView }) {
  switch (view) {
    case 'dormant':
      return <DormantRoot />;
    case 'createUpi':
      return <CreateUpiPage />;
    case 'findUpi':
      return <FindUpiPage />;
    case 'unsupportedBrowser':
      return <UnsupportedBrowserPage />;
    case 'mobileApp':
      return <MobileAppPage />;
    case 'app':
      return <NormalApp />;
    default: {
      const unknown: never = view;
      throw new Error(`Unknown root view ${String(unknown)}`);
    }
  }
}

/**
 * Root selection (platform.md 2.1), the theme, the one query client and the one dialog host. The dialog host sits
 * inside the query client, so a dialog may read server state as any screen does (and shares its cache).
 */
export function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  const [view] = useState(() => {
    applyTheme();
    return selectRootView({ stored: readRootFlag, userAgent: navigator.userAgent });
  });
  useEffect(() => {
    unregisterServiceWorkers();
    return disableContextMenu();
  }, []);
  useEffect(() => forgetAnswersOnClientChange(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <RootContent view={view} />
      <DialogHost />
    </QueryClientProvider>
  );
}
