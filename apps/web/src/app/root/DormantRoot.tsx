import { lazy, Suspense } from 'react';

const DormantFlow = lazy(() => import('../../features/auth/DormantFlow.tsx').then((m) => ({ default: m.DormantFlow })));

/** Root selection's first choice (platform.md 2.1): the dormant-client reactivation flow, on its own without the router. */
export function DormantRoot() {
  return (
    <Suspense fallback={null}>
      <DormantFlow />
    </Suspense>
  );
}
