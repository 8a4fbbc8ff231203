import { Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Route, Routes } from 'react-router-dom';
import { CssBaseline } from '@mui/material';
import { AdminContext, Error, Loading, localStorageStore, useScrollToTop } from 'react-admin';
import type { ErrorInfo, ReactNode } from 'react';
import type { Store } from 'react-admin';
import type { QueryClient } from '@tanstack/react-query';
import { ApplicationInfoProvider } from './platform/applicationInfo/ApplicationInfoContext';
import { authProvider } from './platform/authProvider';
import { ServiceWorkerUpdates } from './platform/offline/ServiceWorkerUpdates';
import { AppNotification } from './shared/ui/AppNotification';
import { lazyWithTimeout } from './shared/ui/lazyWithTimeout';
import { dataProvider } from './platform/dataProvider';
import { queryClient } from './platform/dataProvider/apiQuery';
import { i18nProvider } from './platform/i18n';
import { appRoutes } from './platform/routes/appRoutes';
import { RedirectToHome } from './platform/routes/RedirectToHome';
import { renderGuardedRoutes } from './platform/routes/renderGuardedRoutes';
import { appTheme } from './theme';

/** The sign-in form (react-hook-form, react-admin's inputs) is its own chunk: a signed-in phone never runs it. */
const LazyLoginPage = lazyWithTimeout('LoginPage', () => import('./features/login/LoginPage').then((module) => module.LoginPage));
const LoginPage = () => (
  <Suspense fallback={<Loading />}>
    <LazyLoginPage />
  </Suspense>
);

/** What react-admin's <Admin> keeps by default (its store); see App below. */
const browserStore = localStorageStore();
// The store names the locale from the first render, as a drawn screen's store does (drawScreen.tsx):
// react-admin draws nothing until it does, and a hydrated screen would start as nothing.
if (browserStore.getItem('locale') === undefined) browserStore.setItem('locale', i18nProvider.getLocale());

/**
 * The whole web app. It expects a router around it (main.tsx: BrowserRouter, for the spec's
 * history-mode URLs; the server's first screens: StaticRouter; tests: MemoryRouter). Each area is a
 * route with its own shell. The server draws a phone page's first screen with this same tree
 * (src/platform/firstScreen/drawScreen.tsx), its own store and query cache handed in, and the
 * browser hydrates that markup: one tree on both sides, or React would draw the page again.
 *
 * react-admin's contexts, not its <Admin>: the app has no resource routes nor react-admin layout, and
 * <Admin>'s router (CoreAdminUI) re-reads its children in an effect after every start, then renders
 * the whole route tree again in one blocking task (issue 41, Total Blocking Time). What the app used
 * of it is here: /login, the route table, its error page, its scroll-to-top on navigation.
 */
export const App = ({ store, client }: { store?: Store; client?: QueryClient }) => (
  <AppProviders store={store} client={client}>
    <AppRoutes />
    <AppNotification />
    <ServiceWorkerUpdates />
    <MarkPageLive />
  </AppProviders>
);

const AppRoutes = () => {
  useScrollToTop();
  return (
    <ScreenErrorBoundary>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        {renderGuardedRoutes(appRoutes)}
        <Route path="*" element={<RedirectToHome />} />
      </Routes>
    </ScreenErrorBoundary>
  );
};

/** A screen that throws shows react-admin's error page (its details in development), cleared on the next navigation. */
const ScreenErrorBoundary = ({ children }: { children: ReactNode }) => {
  const [errorInfo, setErrorInfo] = useState<ErrorInfo>({});
  return (
    <ErrorBoundary
      onError={(_error, info) => setErrorInfo(info)}
      fallbackRender={({ error, resetErrorBoundary }) => (
        <div style={{ minHeight: '100vh' }}>
          <Error error={error as Error} errorInfo={errorInfo} resetErrorBoundary={resetErrorBoundary} />
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  );
};

/**
 * Marks <html data-app-live> once React's first commit is done: from then on the screen answers
 * taps (a screen the server drew is painted before: a tap on it does nothing until then). The
 * browser tests wait for it (tests/e2e/browser.ts).
 */
const MarkPageLive = () => {
  useEffect(() => document.documentElement.setAttribute('data-app-live', ''), []);
  return null;
};

/**
 * What every screen of the app stands in: the application's name, react-admin's contexts (auth,
 * data, translations, store, the dark theme), the one query cache (platform/dataProvider/apiQuery.ts)
 * and MUI's baseline.
 */
export const AppProviders = ({ children, store = browserStore, client = queryClient }: { children: ReactNode; store?: Store; client?: QueryClient }) => (
  <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={client} store={store} theme={appTheme}>
    <ApplicationInfoProvider>
      <CssBaseline enableColorScheme>{children}</CssBaseline>
    </ApplicationInfoProvider>
  </AdminContext>
);
