import { Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen/LazyScreen.tsx';
import { ConfigFailure } from '../../features/shell-dialogs/index.ts';
import { homeRoutes, type HomeRoute } from '../home-routes.ts';
import { PermittedScreen } from './PermittedScreen.tsx';

export { ShellLayout } from './ShellLayout.tsx';


/** The signed-in shell's children: every /home route; unknown paths go to the dashboard (platform.md 2.3). */
export const shellChildren: RouteObject[] = [
  { index: true, element: <Navigate to="/home/dashboard" replace /> },
  ...homeRoutes.flatMap(routesFor),
  { path: '*', element: <Navigate to="/home/dashboard" replace /> },
];

/** The route objects of one /home screen. */
export function routesFor(route: HomeRoute): RouteObject[] {
  const screen = lazyScreen(route.load);
  const element = route.needs ? (
    <PermittedScreen needs={route.needs} title={route.title}>
      {screen}
    </PermittedScreen>
  ) : (
    screen
  );
  // A screen that fails to load or render shows the configuration-failure placeholder (platform.md 2.8), not a blank shell.
  const errorElement = <ConfigFailure />;
  return route.prefix
    ? [
        { path: route.path, element, errorElement },
        { path: `${route.path}/*`, element, errorElement },
      ]
    : [{ path: route.path, element, errorElement }];
}
