import { useEffect } from 'react';
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
import { useSessionUser } from '../../../platform/authProvider/useSession';
import { keepForOffline } from '../../../platform/offline/keepForOffline';
import { DowntimeSection } from './accounting/DowntimeSection';
import { LabourSection } from './accounting/LabourSection';
import { PartsSection } from './accounting/PartsSection';
import { ProcedureSection } from './accounting/ProcedureSection';
import { pendingParts, pendingProcedure, withPendingChanges } from './accounting/pendingWork';
import { useOrderOutbox } from './accounting/useOrderOutbox';
import { orderAssetPath } from './orderAssetPath';

interface Props {
  order: WorkOrderDetail;
  detail: Pick<WorkOrderDetailHandle, 'reload' | 'show'>;
}

/**
 * One work order for its technician (spec §2.3): title, status, priority, asset, assignee, start
 * and end; the status dropdown and 'Record activity' unless it is Completed (§4); the work on it
 * (DESIGN §18: labour and the timer, the asset's downtime, parts, the procedure); the alert it was
 * opened for, if any; the Activity Log. What the technician did offline shows at once, marked as
 * waiting until the outbox has sent it (docs/offline.md); then the order is read again.
 */
export function WorkOrderDetailView({ order: read, detail }: Props) {
  const translate = useTranslate();
  const user = useSessionUser();
  const items = useOrderOutbox(user?._id, read._id, detail.reload);
  const { order, pending: pendingDowntime } = withPendingChanges(read, items);
  const actions = useWorkOrderActions(order, detail);
  const { changeStatus, recordActivity, writing } = actions;
  const completed = isCompleted(order.status);
  const busy = writing !== null;
  const worker = { _id: user?._id ?? '', name: user?.name ?? '' };

  useEffect(() => {
    // The procedure's form opens in a plant room too: its asset's read is kept on the phone.
    if (read.procedure !== null && read.procedureInspection === null) keepForOffline([orderAssetPath(read.asset)]);
  }, [read.asset, read.procedure, read.procedureInspection]);
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
      <LabourSection order={order} items={items} user={worker} readOnly={completed} busy={busy} onStart={actions.startTimer} onStop={actions.stopTimer} onAddTime={actions.addTime} />
      <ProcedureSection order={order} pending={pendingProcedure(items)} readOnly={completed} />
      <PartsSection parts={order.parts} pending={pendingParts(items, order._id)} readOnly={completed} busy={busy} onAdd={actions.recordPartUse} />
      <DowntimeSection
        order={order}
        pending={pendingDowntime}
        readOnly={completed}
        busy={busy}
        onStopped={() => actions.recordDowntime({ downtimeStart: Date.now(), downtimeEnd: null })}
        onRunning={() => actions.recordDowntime({ downtimeEnd: Date.now() })}
      />
      {order.alertSummary && <WorkOrderAlertSection alert={order.alertSummary} />}
      {!completed && <RecordActivityForm orderId={order._id} onRecord={recordActivity} busy={writing !== null} keepsPhotosOffline />}
      <ActivityLog activity={order.activity} />
    </Stack>
  );
}
