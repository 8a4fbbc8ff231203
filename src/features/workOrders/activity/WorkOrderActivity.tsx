import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { activityComment, isCompleted, type WorkOrderDetail } from '../../../../common/resources/workOrder';
import { activityRequest, type WorkOrderWrites } from '../shared/useWorkOrderWrite';
import { ActivityLog } from './ActivityLog';
import { RecordActivityForm } from './RecordActivityForm';

/**
 * An order's history where an engineer opens it (the edit dialog, issue 40): the Activity Log as
 * the technician's detail shows it — newest first, who, when, the comment or the status change —
 * and 'Record activity' to add a comment with photos (POST, as the technician's). A Completed order takes no
 * more activity (DESIGN §11: 409), so it shows the log alone. The order comes read with its log
 * (GET /workOrder/{id}, `WorkOrderRecords`), and the write shows the order it answers.
 */
export function WorkOrderActivity({ order, writes }: { order: WorkOrderDetail; writes: WorkOrderWrites }) {
  const translate = useTranslate();
  const { write, writing } = writes;

  const record = async (raw: string, photos: string[]) => {
    const comment = activityComment(raw);
    if (comment === null) return false;
    return write({ kind: 'activity', request: activityRequest(order._id, comment, photos), successMessage: 'app.work_order.activity_recorded' });
  };

  // Under the heading, one line for a comment, then the entries: the latest ones show below the fields.
  return (
    <ActivityLog activity={order.activity} headingShown={false}>
      <Box sx={{ mb: 1 }}>
        {isCompleted(order.status) ? (
          <Typography color="text.secondary">{translate('app.work_order_screen.completed_no_activity')}</Typography>
        ) : (
          <RecordActivityForm orderId={order._id} onRecord={record} busy={writing !== null} compact />
        )}
      </Box>
    </ActivityLog>
  );
}
