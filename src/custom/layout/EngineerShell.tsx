import { Layout } from 'react-admin';
import { DialogsProvider } from '../../common-ui/dialogs/DialogsProvider';
import { AreaRoutes } from '../../routes/AreaRoutes';
import { EngineerAppBar } from './EngineerAppBar';
import { EngineerMenu } from './EngineerMenu';
import { engineerRoutes } from './engineerRoutes';
import { LiveAlertNotifier } from './LiveAlertNotifier';
import { SessionBanner } from './SessionBanner';

/** The engineer area (/home): react-admin's layout with our bar and permission-gated drawer. */
export const EngineerShell = () => (
  <DialogsProvider>
    {/* minWidth 0 lets a wide table scroll inside the content instead of widening the page. */}
    <Layout appBar={EngineerAppBar} menu={EngineerMenu} sx={{ '& .RaLayout-content': { minWidth: 0 } }}>
      <SessionBanner />
      <LiveAlertNotifier />
      <AreaRoutes routes={engineerRoutes} />
    </Layout>
  </DialogsProvider>
);
