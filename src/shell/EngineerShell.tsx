import { Layout } from 'react-admin';
import { DialogsProvider } from '../shared/ui/dialogs/DialogsProvider';
import { AreaRoutes } from '../platform/routes/AreaRoutes';
import { EngineerAppBar } from './EngineerAppBar';
import { EngineerMenu } from './EngineerMenu';
import { engineerRoutes } from './engineerRoutes';
import { LiveAlertNotifier } from './LiveAlertNotifier';
import { ReorderNoticeNotifier } from './ReorderNoticeNotifier';
import { SessionBanner } from './SessionBanner';

/** The engineer area (/home): react-admin's layout with our bar and permission-gated drawer. */
export const EngineerShell = () => (
  <DialogsProvider>
    {/*
      react-admin's layout is at least as wide as its content (min-width: fit-content); with 0 here
      and on the content a wide table scrolls inside the page instead of widening it on a phone.
    */}
    <Layout appBar={EngineerAppBar} menu={EngineerMenu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      <SessionBanner />
      <LiveAlertNotifier />
      <ReorderNoticeNotifier />
      <AreaRoutes routes={engineerRoutes} />
    </Layout>
  </DialogsProvider>
);
