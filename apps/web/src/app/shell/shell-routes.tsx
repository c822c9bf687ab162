import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { PlaceholderPage } from '../../features/placeholder/PlaceholderPage.tsx';
import { homeRoutes, type HomeRoute } from '../home-routes.ts';

function screenFor(route: HomeRoute) {
  if (!route.load) return <PlaceholderPage title={route.title} area={route.area} />;
  const Screen = lazy(route.load);
  return (
    <Suspense fallback={null}>
      <Screen />
    </Suspense>
  );
}

/** The signed-in shell's children: every /home route; unknown paths go to the dashboard (platform.md 2.3). */
export const shellChildren: RouteObject[] = [
  { index: true, element: <Navigate to="/home/dashboard" replace /> },
  ...homeRoutes.flatMap((route): RouteObject[] => {
    const element = screenFor(route);
    return route.prefix ? [{ path: route.path, element }, { path: `${route.path}/*`, element }] : [{ path: route.path, element }];
  }),
  { path: '*', element: <Navigate to="/home/dashboard" replace /> },
];

/** Minimal frame until the shell lands. */
export function ShellLayout() {
  return <Outlet />;
}
