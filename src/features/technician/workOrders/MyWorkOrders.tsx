import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, List, Paper, Stack, Tab, Tabs, Typography, CircularProgress } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import { isOverdue } from '../../../../common/resources/workOrder';
import { splitByTab, WORK_ORDER_TABS, type WorkOrderTab } from './workOrderTabs';
import { useMyWorkOrders } from './useMyWorkOrders';
import { useOverdueClock } from './useOverdueClock';
import { WorkOrderRow } from './WorkOrderRow';

/** The tab lives in the address (?workOrders=completed), so Back from a completed order returns to that tab. */
const TAB_PARAM = 'workOrders';

const TAB_LABEL: Record<WorkOrderTab, string> = {
  open: 'app.technician.work_orders_tab',
  completed: 'app.technician.completed_tab',
};
const TAB_EMPTY: Record<WorkOrderTab, string> = {
  open: 'app.technician.work_orders_empty',
  completed: 'app.technician.completed_empty',
};

/**
 * The technician home's work-order list (spec §2.3): two tabs, Work Orders and Completed; an open
 * order whose end has passed is marked overdue. `onSettled`: the first answer (or failure) is shown.
 */
export const MyWorkOrders = ({ onSettled }: { onSettled?: () => void }) => {
  const translate = useTranslate();
  const baseId = useId();
  const [params, setParams] = useSearchParams();
  const { orders, error, reload } = useMyWorkOrders();
  const now = useOverdueClock(orders);
  const settled = orders !== null || error !== null;
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  const tab: WorkOrderTab = params.get(TAB_PARAM) === 'completed' ? 'completed' : 'open';
  const selectTab = (next: WorkOrderTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'open') updated.delete(TAB_PARAM);
        else updated.set(TAB_PARAM, next);
        return updated;
      },
      // Switching tabs is not a page of its own for the phone's back gesture.
      { replace: true },
    );
  const titleId = `${baseId}-title`;
  const tabId = (value: WorkOrderTab) => `${baseId}-tab-${value}`;
  const panelId = (value: WorkOrderTab) => `${baseId}-panel-${value}`;
  const shown = orders ? splitByTab(orders)[tab] : [];

  return (
    <section aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {translate('app.technician.work_orders_title')}
      </Typography>
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, value: WorkOrderTab) => selectTab(value)}
          aria-labelledby={titleId}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {WORK_ORDER_TABS.map((value) => (
            <Tab key={value} value={value} id={tabId(value)} aria-controls={panelId(value)} label={translate(TAB_LABEL[value])} sx={{ minHeight: 48 }} />
          ))}
        </Tabs>
        {WORK_ORDER_TABS.map((value) => (
          // Every tab has its panel (aria-controls names it); only the chosen one is filled.
          <div key={value} role="tabpanel" id={panelId(value)} aria-labelledby={tabId(value)} hidden={value !== tab}>
            {value === tab && (
              <>
                {error !== null && (
                  <Alert
                    severity="error"
                    sx={{ m: 1, alignItems: 'center' }}
                    action={
                      <Button onClick={reload} color="inherit" startIcon={<RefreshIcon />} sx={{ minHeight: 48 }}>
                        {translate('app.technician.work_orders_retry')}
                      </Button>
                    }
                  >
                    {translate('app.technician.work_orders_failed')} {error}
                  </Alert>
                )}
                {orders === null && error === null && (
                  <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', p: 2 }}>
                    <CircularProgress size={24} />
                    <Typography>{translate('app.technician.work_orders_loading')}</Typography>
                  </Stack>
                )}
                {orders !== null &&
                  (shown.length === 0 ? (
                    <Typography color="text.secondary" sx={{ p: 2 }}>
                      {translate(TAB_EMPTY[value])}
                    </Typography>
                  ) : (
                    <List disablePadding>
                      {shown.map((order, index) => (
                        <WorkOrderRow key={order._id} order={order} showStatus={value === 'open'} overdue={isOverdue(order, now)} divider={index < shown.length - 1} />
                      ))}
                    </List>
                  ))}
              </>
            )}
          </div>
        ))}
      </Paper>
    </section>
  );
};
