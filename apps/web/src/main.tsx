import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { preloadRoute } from './app/route-preload';
import { AppRoutes } from './app/routes';
// antd's styles first (made at build time, apps/web/build/antd-static-style.ts), then the app's own.
import 'virtual:antd-style.css';
import './app/global.css';

const queryClient = createQueryClient();
// The first page's chunk and data (the listing's, the detail's) start now, while React mounts (see preloadRoute).
preloadRoute(queryClient, window.location);

// A transition: React renders in slices, yielding to the browser between them, so starting the app never blocks the
// page for long (the landing is already painted from its prerendered HTML, which stays until the app commits).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
