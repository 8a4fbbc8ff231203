import { Alert, Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isCompleted, type WorkOrderDetail } from '../../../../common/resources/workOrder';
import { formatDate } from '../../../../common/formatTime';
import { DetailFacts } from '../../../shared/ui/DetailFacts';
import { WorkOrderPriorityChip } from '../../workOrders/shared/WorkOrderPriorityChip';
import { ActivityLog } from '../../workOrders/activity/ActivityLog';
import { RecordActivityForm } from '../../workOrders/activity/RecordActivityForm';
import type { WorkOrderDetailHandle } from '../../workOrders/shared/useWorkOrderDetail';
import { useWorkOrderActions } from './useWorkOrderActions';
import { WorkOrderAlertSection } from './WorkOrderAlertSection';
import { WorkOrderStatusSelect } from './WorkOrderStatusSelect';

interface Props {
  order: WorkOrderDetail;
  detail: Pick<WorkOrderDetailHandle, 'reload' | 'show'>;
}

/**
 * One work order for its technician (spec §2.3): title, status, priority, asset, assignee, start
 * and end; the status dropdown and 'Record activity' unless it is Completed (§4); the Activity Log;
 * and the alert it was opened for, if any.
 */
export function WorkOrderDetailView({ order, detail }: Props) {
  const translate = useTranslate();
  const { changeStatus, recordActivity, writing } = useWorkOrderActions(order, detail);
  const completed = isCompleted(order.status);
  const field = (name: string) => translate(`app.work_order.fields.${name}`);

  return (
    <Stack spacing={3}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {order.title}
        </Typography>
        {completed ? (
          <Alert severity="success">{translate('app.technician.work_order.completed_read_only')}</Alert>
        ) : (
          <WorkOrderStatusSelect status={order.status} onChange={changeStatus} disabled={writing !== null} />
        )}
        <DetailFacts
          facts={[
            ...(completed ? [{ label: field('status'), value: order.status }] : []),
            { label: field('priority'), value: <WorkOrderPriorityChip priority={order.priority} /> },
            { label: field('asset'), value: order.assetName },
            { label: field('assigned_to'), value: order.assignedToName },
            { label: field('start_date'), value: formatDate(order.startTimestamp) },
            { label: field('end_date'), value: formatDate(order.endTimestamp) },
          ]}
        />
        {order.description && (
          <Box>
            <Typography variant="caption" component="h2" color="text.secondary">
              {translate('app.technician.work_order.description')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{order.description}</Typography>
          </Box>
        )}
      </Stack>
      {order.alertSummary && <WorkOrderAlertSection alert={order.alertSummary} />}
      {!completed && <RecordActivityForm orderId={order._id} onRecord={recordActivity} busy={writing !== null} />}
      <ActivityLog activity={order.activity} />
    </Stack>
  );
}
