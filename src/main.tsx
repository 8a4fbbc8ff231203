import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { loadSessionUser } from './authProvider/loadSessionUser';
import { TOKEN_STORAGE_KEY } from './authProvider/sessionStore';
import { registerServiceWorker } from './offline/serviceWorker';
import { ServiceWorkerUpdates } from './offline/ServiceWorkerUpdates';
import { preloadAreaOf } from './routes/appRoutes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/*
 * react-admin's default router is hash-based; the spec's routes are history-mode paths (§2.1).
 * Navigations must not run as React transitions (react-router 7's default): react-admin's logout
 * navigates to Login and then clears its query cache, and as a transition the Login page's render
 * kept being interrupted by the old screen refetching, 401-ing and logging out again.
 */
// Only with a stored session: /login itself never pulls in an area.
if (localStorage.getItem(TOKEN_STORAGE_KEY)) preloadAreaOf(window.location.pathname);
// And the session's /token/init before the first render rather than from the route guard's effect (issue 20).
if (localStorage.getItem(TOKEN_STORAGE_KEY) && window.location.pathname !== '/login') void loadSessionUser().catch(() => undefined);

createRoot(container).render(
  <StrictMode>
    <BrowserRouter useTransitions={false}>
      <App />
      <ServiceWorkerUpdates />
    </BrowserRouter>
  </StrictMode>,
);

// Production builds only: the installable, offline-capable app (DESIGN §13, docs/offline.md).
registerServiceWorker();
