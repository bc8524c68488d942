import { createBrowserRouter, type RouteObject } from 'react-router';
import { setSessionLostHandler } from '../lib/api';
import { Layout } from './Layout';
import { RouteGate } from './RouteGate';
import { APP_ROUTES } from './routes';
import NotFoundPage from '../components/NotFoundPage';

const children: RouteObject[] = APP_ROUTES.map((route) => ({
  path: route.path,
  element: (
    <RouteGate route={route}>
      <route.page />
    </RouteGate>
  ),
}));

export const router = createBrowserRouter([
  { element: <Layout />, children: [...children, { path: '*', element: <NotFoundPage /> }] },
]);

// A 401: the session is already cleared; go to the root path without a full reload.
setSessionLostHandler(() => void router.navigate('/', { replace: true }));
