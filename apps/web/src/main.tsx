import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/Providers';
import { router } from './app/router';
import { refreshSession } from './lib/api';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
const app = createRoot(root);
// A reload or a new tab: the session, if any, comes back through the HttpOnly refresh cookie before the first
// screen, so the route guards decide with it (decision 022).
void refreshSession().finally(() =>
  app.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
