import { Admin, CustomRoutes } from 'react-admin';
import { ApplicationInfoProvider } from './applicationInfo/ApplicationInfoContext';
import { authProvider } from './authProvider';
import { AppNotification } from './common-ui/AppNotification';
import { BareLayout } from './common-ui/BareLayout';
import { LoginPage } from './custom/login/LoginPage';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { appRoutes } from './routes/appRoutes';
import { RedirectToHome } from './routes/RedirectToHome';
import { renderGuardedRoutes } from './routes/renderGuardedRoutes';
import { appTheme } from './theme';

/**
 * The whole web app. It expects a router around it (main.tsx: BrowserRouter, for the spec's
 * history-mode URLs; tests: MemoryRouter). Each area is a noLayout custom route with its own shell.
 */
export const App = () => (
  <ApplicationInfoProvider>
    <Admin
      disableTelemetry
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={appTheme}
      loginPage={LoginPage}
      layout={BareLayout}
      catchAll={RedirectToHome}
      notification={AppNotification}
    >
      <CustomRoutes noLayout>{renderGuardedRoutes(appRoutes)}</CustomRoutes>
    </Admin>
  </ApplicationInfoProvider>
);
