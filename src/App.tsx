import { Suspense, useEffect } from 'react';
import { CssBaseline } from '@mui/material';
import { AccessDenied, AdminContext, AuthCallback, AuthenticationError, CoreAdminUI, CustomRoutes, Error, Loading, LoadingPage, localStorageStore } from 'react-admin';
import type { ReactNode } from 'react';
import type { Store } from 'react-admin';
import type { QueryClient } from '@tanstack/react-query';
import { ApplicationInfoProvider } from './platform/applicationInfo/ApplicationInfoContext';
import { authProvider } from './platform/authProvider';
import { ServiceWorkerUpdates } from './platform/offline/ServiceWorkerUpdates';
import { AppNotification } from './shared/ui/AppNotification';
import { BareLayout } from './shared/ui/BareLayout';
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
 * noLayout custom route with its own shell. The server draws a phone page's first screen with this
 * same tree (src/platform/firstScreen/drawScreen.tsx), its own store and query cache handed in, and
 * the browser hydrates that markup: one tree on both sides, or React would draw the page again.
 *
 * This is react-admin's <Admin> taken apart (AdminContext + AdminUI's CssBaseline, CoreAdminUI and
 * notification) with every slot filled: <Admin>'s AdminUI imports its default login form and
 * layout (react-hook-form, TextInput, the app bar and menu) into the entry for its default props
 * even when they are replaced, and a phone paid for them before its first paint (issue 20).
 */
export const App = ({ store, client }: { store?: Store; client?: QueryClient }) => (
  <AppProviders store={store} client={client}>
    <CoreAdminUI
      disableTelemetry
      title="React Admin"
      accessDenied={AccessDenied}
      authCallbackPage={AuthCallback}
      authenticationError={AuthenticationError}
      catchAll={RedirectToHome}
      error={Error}
      layout={BareLayout}
      loading={LoadingPage}
      loginPage={LoginPage}
    >
      <CustomRoutes noLayout>{renderGuardedRoutes(appRoutes)}</CustomRoutes>
    </CoreAdminUI>
    <AppNotification />
    <ServiceWorkerUpdates />
    <MarkPageLive />
  </AppProviders>
);

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
