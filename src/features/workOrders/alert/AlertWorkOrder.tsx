import { Suspense, useEffect, useState } from 'react';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import AddTaskIcon from '@mui/icons-material/AddTask';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslate } from 'react-admin';
import type { WorkOrder } from '../../../../common/resources/workOrder';
import { lazyWithTimeout } from '../../../shared/ui/lazyWithTimeout';
import { usePushEvent } from '../../../platform/realtime/usePushEvent';
import { useWorkOrderApi } from '../workOrderApi';
import type { AlertForWorkOrder } from './alertWorkOrderDraft';

// The dialog (form, pickers) loads when first opened, not with every table screen.
const AlertWorkOrderDialog = lazyWithTimeout('AlertWorkOrderDialog', () => import('./AlertWorkOrderDialog').then((module) => module.default));

/**
 * An alert's work order, in its detail, for users holding manage-workorder (DESIGN §11): the
 * order opened for it — title, status and assignee, with an edit button — or, while it has none,
 * 'Open work order', which opens the work order dialog prefilled from the alert. It follows
 * changes to orders as they are pushed.
 */
export function AlertWorkOrder({ alert }: { alert: AlertForWorkOrder }) {
  const translate = useTranslate();
  const api = useWorkOrderApi();
  // undefined while looking; null when the alert has no order.
  const [order, setOrder] = useState<WorkOrder | null | undefined>(undefined);
  const [lookups, setLookups] = useState(0);
  const [dialog, setDialog] = useState<'new' | 'edit' | null>(null);
  const lookAgain = () => setLookups((count) => count + 1);

  usePushEvent('update-detail', (event) => {
    if (event.type === 'workOrder') lookAgain();
  });

  useEffect(() => {
    const controller = new AbortController();
    api.ofAlert(alert._id, controller.signal).then(setOrder, (error: unknown) => {
      if (controller.signal.aborted) return;
      // Spec §8: only logged; the button stays (the server refuses a second order for an alert).
      console.error('the work order of the alert could not be loaded', error);
      setOrder(null);
    });
    return () => controller.abort();
  }, [api, alert._id, lookups]);

  if (order === undefined) return null;
  const editLabel = translate('app.work_order_screen.edit_alert_order');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {order ? (
        <>
          <Typography variant="body2" component="span" color="text.secondary">
            {translate('app.work_order_screen.alert_order')}
          </Typography>
          <Typography variant="body2" component="span" data-testid="alert-work-order">
            {translate('app.work_order_screen.alert_order_line', { title: order.title, status: order.status, assignee: order.assignedToName || order.assignedTo })}
          </Typography>
          <Tooltip title={editLabel}>
            <IconButton size="small" aria-label={editLabel} onClick={() => setDialog('edit')}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      ) : (
        <Button variant="outlined" size="small" startIcon={<AddTaskIcon />} onClick={() => setDialog('new')}>
          {translate('app.work_order_screen.open_from_alert')}
        </Button>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <AlertWorkOrderDialog alert={alert} order={dialog === 'edit' ? (order ?? null) : null} onClose={() => setDialog(null)} onSaved={lookAgain} />
        </Suspense>
      )}
    </Box>
  );
}
