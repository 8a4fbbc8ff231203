import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import { activityComment, isCompleted } from '../../../../common/resources/workOrder';
import { useWorkOrderDetail } from '../shared/useWorkOrderDetail';
import { activityRequest, useWorkOrderWrite } from '../shared/useWorkOrderWrite';
import { ActivityLog } from './ActivityLog';
import { RecordActivityForm } from './RecordActivityForm';

/**
 * An order's history where an engineer opens it (the edit dialog, issue 40): the Activity Log as
 * the technician's detail shows it — newest first, who, when, the comment or the status change —
 * read with the order (GET /workOrder/{id}) and again when a push names it (a technician's comment
 * arrives while the dialog is open), and 'Record activity' to add a comment (POST, as the
 * technician's). A Completed order takes no more activity (DESIGN §11: 409), so it shows the log
 * alone. The dialog's fields do not wait for it: it loads and fails on its own.
 */
export function WorkOrderActivity({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const detail = useWorkOrderDetail(orderId);
  const { write, writing } = useWorkOrderWrite(detail);
  const { state } = detail;

  const record = async (raw: string) => {
    const comment = activityComment(raw);
    if (comment === null) return false;
    return write({ kind: 'activity', request: activityRequest(orderId, comment), successMessage: 'app.work_order.activity_recorded' });
  };

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
  // Under the heading, one line for a comment, then the entries: the latest ones show below the fields.
  return (
    <ActivityLog activity={state.order.activity}>
      <Box sx={{ mb: 1 }}>
        {isCompleted(state.order.status) ? (
          <Typography color="text.secondary">{translate('app.work_order_screen.completed_no_activity')}</Typography>
        ) : (
          <RecordActivityForm orderId={orderId} onRecord={record} busy={writing !== null} compact />
        )}
      </Box>
    </ActivityLog>
  );
}
