import { Suspense } from 'react';
import { CssBaseline } from '@mui/material';
import { AccessDenied, AdminContext, AuthCallback, AuthenticationError, CoreAdminUI, CustomRoutes, Error, Loading, LoadingPage, localStorageStore } from 'react-admin';
import type { ComponentProps, ReactNode } from 'react';
import type { Store } from 'react-admin';
import type { QueryClient } from '@tanstack/react-query';
import { ApplicationInfoProvider } from './platform/applicationInfo/ApplicationInfoContext';
import { authProvider } from './platform/authProvider';
import { AppShellRelease, useRemoveAppShell } from './platform/firstScreen/bootPaint';
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
const LazyLoginPage = lazyWithTimeout(() => import('./features/login/LoginPage').then((module) => module.LoginPage));
const LoginPage = () => (
  <Suspense fallback={<Loading />}>
    <LazyLoginPage />
  </Suspense>
);

/** react-admin's error screen, never under the home's first-paint shell (src/platform/firstScreen/bootPaint.tsx). */
const AppError = (props: ComponentProps<typeof Error>) => {
  useRemoveAppShell();
  return <Error {...props} />;
};

/** What react-admin's <Admin> keeps by default (its store); see App below. */
const browserStore = localStorageStore();

/**
 * The whole web app. It expects a router around it (main.tsx: BrowserRouter, for the spec's
 * history-mode URLs; tests: MemoryRouter). Each area is a noLayout custom route with its own shell.
 *
 * This is react-admin's <Admin> taken apart (AdminContext + AdminUI's CssBaseline, CoreAdminUI and
 * notification) with every slot filled: <Admin>'s AdminUI imports its default login form and
 * layout (react-hook-form, TextInput, the app bar and menu) into the entry for its default props
 * even when they are replaced, and a phone paid for them before its first paint (issue 20).
 */
export const App = () => (
  <AppProviders>
    <CoreAdminUI
      disableTelemetry
      title="React Admin"
      accessDenied={AccessDenied}
      authCallbackPage={AuthCallback}
      authenticationError={AuthenticationError}
      catchAll={RedirectToHome}
      error={AppError}
      layout={BareLayout}
      loading={LoadingPage}
      loginPage={LoginPage}
    >
      <CustomRoutes noLayout>{renderGuardedRoutes(appRoutes)}</CustomRoutes>
    </CoreAdminUI>
    <AppNotification />
    <AppShellRelease />
  </AppProviders>
);

/**
 * What every screen of the app stands in: the application's name, react-admin's contexts (auth,
 * data, translations, store, the dark theme), the one query cache (platform/dataProvider/apiQuery.ts)
 * and MUI's baseline. Also what a page drawn by the server (src/platform/firstScreen/drawScreen.tsx)
 * is drawn in, so it looks as the app's own does.
 */
export const AppProviders = ({ children, store = browserStore, client = queryClient }: { children: ReactNode; store?: Store; client?: QueryClient }) => (
  <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={client} store={store} theme={appTheme}>
    <ApplicationInfoProvider>
      <CssBaseline enableColorScheme>{children}</CssBaseline>
    </ApplicationInfoProvider>
  </AdminContext>
);
