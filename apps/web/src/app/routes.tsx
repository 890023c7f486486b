import { useRoutes, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { ROUTES } from './route-manifest';
import { pageOf } from './route-pages';

/** The manifest's routes inside the layout. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: ROUTES.map((route) => {
      const { Page } = pageOf(route);
      return route.path === '/' ? { index: true, element: <Page /> } : { path: route.path.replace(/^\//, ''), element: <Page /> };
    }),
  },
];

/** The route tree, rendered inside whichever router the caller provides (browser or memory). */
export function AppRoutes() {
  return useRoutes(routes);
}
