import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/Providers';
import { router } from './app/router';
import { clientConfigQuery } from './app/client-config';
import { refreshSession } from './lib/api';
import { queryClient } from './lib/query-client';
import { hasSessionCookie } from './lib/session';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
const app = createRoot(root);
// A reload or a new tab: the session, if any, comes back through the HttpOnly refresh cookie before the first
// screen, so the route guards decide with it (decision 022). Signed out (no session cookie), nothing is asked: a
// refresh would only be refused. The client settings come at the same time, so a guard that sends a signed-out
// visitor to the identity server never shows the sign-in dialog first
// (docs/decisions/068-sign-out-linking-and-the-signed-out-load.md).
void Promise.all([
  hasSessionCookie() ? refreshSession() : Promise.resolve(false),
  queryClient.prefetchQuery(clientConfigQuery),
]).finally(() =>
  app.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
