import { useId, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Tab, Tabs } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import type { NamedRef } from '../../../../common/resources/workOrder';
import { WorkOrderActivity } from '../activity/WorkOrderActivity';
import type { WorkOrderDetailHandle } from '../shared/useWorkOrderDetail';
import { useWorkOrderWrite } from '../shared/useWorkOrderWrite';
import { WorkOrderWork } from '../work/WorkOrderWork';

type RecordsTab = 'activity' | 'work';

/**
 * An edited order's records below its fields: the Activity Log (issue 40) and, beside it, its Work
 * (DESIGN §18: labour, parts, costs, completion, procedure) — two tabs over one read of the order
 * (GET /workOrder/{id}, read again when a push names it), and one write at a time to it, whose
 * answer both show. The log is the first tab: the technicians' comments were what went unseen.
 * It loads and fails on its own: the dialog's fields do not wait for it.
 */
export function WorkOrderRecords({ detail, users }: { detail: WorkOrderDetailHandle; users: readonly NamedRef[] }) {
  const translate = useTranslate();
  const writes = useWorkOrderWrite(detail);
  const [tab, setTab] = useState<RecordsTab>('activity');
  const tabsId = useId();
  const { state } = detail;

  if (state.status === 'loading') return <LinearProgress aria-label={translate('app.work_order_screen.activity_loading')} />;
  if (state.status === 'unavailable') return <Alert severity="warning">{translate('app.work_order_screen.order_gone')}</Alert>;
  if (state.status === 'error') {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" startIcon={<RefreshIcon />} onClick={detail.reload}>
            {translate('app.work_order_screen.retry')}
          </Button>
        }
      >
        {translate('app.work_order_screen.activity_failed')} {state.message}
      </Alert>
    );
  }
  const panelId = (name: RecordsTab) => `${tabsId}-${name}-panel`;
  const tabId = (name: RecordsTab) => `${tabsId}-${name}-tab`;
  return (
    <Box>
      <Tabs value={tab} onChange={(_event, next: RecordsTab) => setTab(next)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="activity" label={translate('app.work_order.activity_log')} id={tabId('activity')} aria-controls={panelId('activity')} />
        <Tab value="work" label={translate('app.work_order_screen.work')} id={tabId('work')} aria-controls={panelId('work')} />
      </Tabs>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'activity' ? <WorkOrderActivity order={state.order} writes={writes} /> : <WorkOrderWork order={state.order} users={users} writes={writes} />}
      </Box>
    </Box>
  );
}
