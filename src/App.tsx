import { Suspense } from 'react';
import { CssBaseline } from '@mui/material';
import { AccessDenied, AdminContext, AuthCallback, AuthenticationError, CoreAdminUI, CustomRoutes, Error, Loading, LoadingPage, localStorageStore } from 'react-admin';
import type { ComponentProps } from 'react';
import { ApplicationInfoProvider } from './applicationInfo/ApplicationInfoContext';
import { authProvider } from './authProvider';
import { AppShellRelease, useRemoveAppShell } from './boot/appShell';
import { AppNotification } from './common-ui/AppNotification';
import { BareLayout } from './common-ui/BareLayout';
import { lazyWithTimeout } from './common-ui/lazyWithTimeout';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { appRoutes } from './routes/appRoutes';
import { RedirectToHome } from './routes/RedirectToHome';
import { renderGuardedRoutes } from './routes/renderGuardedRoutes';
import { appTheme } from './theme';

/** The sign-in form (react-hook-form, react-admin's inputs) is its own chunk: a signed-in phone never runs it. */
const LazyLoginPage = lazyWithTimeout(() => import('./custom/login/LoginPage').then((module) => module.LoginPage));
const LoginPage = () => (
  <Suspense fallback={<Loading />}>
    <LazyLoginPage />
  </Suspense>
);

/** react-admin's error screen, never under the home's first-paint shell (src/boot/appShell.tsx). */
const AppError = (props: ComponentProps<typeof Error>) => {
  useRemoveAppShell();
  return <Error {...props} />;
};

/** What react-admin's <Admin> keeps by default (its store); see App below. */
const store = localStorageStore();

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
  <ApplicationInfoProvider>
    <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} store={store} theme={appTheme}>
      <CssBaseline enableColorScheme>
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
      </CssBaseline>
    </AdminContext>
  </ApplicationInfoProvider>
);
