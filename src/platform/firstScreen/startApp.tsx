import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import type { SessionUser } from '../../../common/api';
import { APPLICATION_INFO_PATH, SESSION_PATH } from '../../../common/firstAsks';
import { App } from '../../App';
import { loadSessionUser } from '../authProvider/loadSessionUser';
import { sessionStore } from '../authProvider/sessionStore';
import { queryClient, seedAnswers } from '../dataProvider/apiQuery';
import { keepAnswer } from '../offline/offlineReads';
import { rememberSession } from '../offline/offlineSession';
import { preloadAreaOf } from '../routes/appRoutes';
import { preloadLazies } from '../../shared/ui/lazyWithTimeout';
import { drawnScreenAnswers } from './drawnAnswers';
import { pageSettled } from './pageSettled';

/** How the app started in `container` (hydrating the screen the server drew, or drawing its own), and its React root. */
export interface Start {
  how: 'hydrated' | 'drawn';
  root: Root;
}

/**
 * Starts the web app in `container` (src/main.tsx). A page the server drew (common/firstScreen.ts)
 * holds the answers it was drawn from: in the query cache, with the session's user in the session,
 * they make React's first render the server's screen, so React hydrates that markup rather than
 * drawing it again. Its lazy parts are loaded first: hydration then never waits for a chunk, and a
 * part waiting for one when anything above it updates would be thrown away and drawn again. A page
 * drawn for another session, or opened too long ago, is drawn afresh.
 */
export async function startApp(container: HTMLElement): Promise<Start> {
  const drawn = container.hasChildNodes() ? drawnScreenAnswers() : null;
  const token = sessionStore.getToken();
  if (drawn) {
    seedAnswers(queryClient, drawn.answers, drawn.freshUntil);
    const user = drawn.answers.get(SESSION_PATH) as SessionUser;
    sessionStore.setUser(user);
    // Their offline copies once the page has settled (nothing but hydration before it): every read a page asks first is kept for offline use.
    const keep = () => {
      if (token) void rememberSession(token, user);
      for (const [path, answer] of drawn.answers) if (path !== SESSION_PATH) keepAnswer(path, answer, path !== APPLICATION_INFO_PATH);
    };
    void pageSettled().then(keep);
  } else {
    container.replaceChildren();
    // Only with a stored session: /login itself never pulls in an area. (A drawn page loads the parts it drew.)
    if (token) preloadAreaOf(window.location.pathname);
    // And the session's /token/init before the first render rather than from the route guard's effect (issue 20).
    if (token && window.location.pathname !== '/login') void loadSessionUser().catch(() => undefined);
  }

  /*
   * react-admin's default router is hash-based; the spec's routes are history-mode paths (§2.1).
   * Navigations must not run as React transitions (react-router 7's default): react-admin's logout
   * navigates to Login and then clears its query cache, and as a transition the Login page's render
   * kept being interrupted by the old screen refetching, 401-ing and logging out again.
   */
  const app = (
    <StrictMode>
      <BrowserRouter useTransitions={false}>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  if (drawn) {
    // A part that cannot load is left to hydration, which waits for it (or shows the chunk's error).
    await preloadLazies(drawn.lazies).catch(() => undefined);
    // As a transition, like a first render: hydration is otherwise one blocking task of the whole screen.
    let root!: Root; // startTransition runs its callback at once
    startTransition(() => {
      root = hydrateRoot(container, app);
    });
    return { how: 'hydrated', root };
  }
  const root = createRoot(container);
  // As a transition, React's first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole first screen (issue 20, Total Blocking Time).
  startTransition(() => root.render(app));
  return { how: 'drawn', root };
}
