import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { loadSessionUser } from './platform/authProvider/loadSessionUser';
import { TOKEN_STORAGE_KEY } from './platform/authProvider/sessionStore';
import { registerServiceWorker } from './platform/offline/serviceWorker';
import { ServiceWorkerUpdates } from './platform/offline/ServiceWorkerUpdates';
import { preloadAreaOf } from './platform/routes/appRoutes';

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

const root = createRoot(container);
/*
 * As a transition, React's first render yields to the browser every few milliseconds instead of
 * holding the main thread for the whole first screen (issue 20, Total Blocking Time).
 */
const renderApp = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter useTransitions={false}>
          <App />
          <ServiceWorkerUpdates />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
// The technician home's shell (build/bootPlugin.ts) is painted first; React starts once it is
// on screen, not in the same task as the scripts' evaluation (a hidden tab gets no frame: 100 ms at most).
if (document.documentElement.hasAttribute('data-app-shell')) afterNextPaint(renderApp);
else renderApp();

function afterNextPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

// Production builds only: the installable, offline-capable app (DESIGN §13, docs/offline.md).
registerServiceWorker();
