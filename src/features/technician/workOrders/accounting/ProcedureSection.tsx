import { Link as RouterLink } from 'react-router-dom';
import { Button, Chip, Stack, Typography } from '@mui/material';
import AssignmentIcon from '@mui/icons-material/Assignment';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useTranslate } from 'react-admin';
import type { WorkOrderDetail } from '../../../../../common/resources/workOrder';
import { workOrderProcedurePath } from '../workOrderPath';
import type { PendingMark } from './pendingWork';
import { PendingNote, WorkSection } from './WorkSection';

interface Props {
  order: Pick<WorkOrderDetail, '_id' | 'procedure' | 'procedureName' | 'procedureInspection'>;
  /** The procedure's inspection waiting on the phone (or refused). */
  pending: PendingMark | null;
  readOnly: boolean;
}

/**
 * The order's procedure (DESIGN §18): a checklist of its asset, filled once. 'Fill procedure' opens
 * that checklist's inspect form; filled, it shows as done — on the phone already while it waits to
 * be sent. A refused one may be filled again.
 */
export function ProcedureSection({ order, pending, readOnly }: Props) {
  const translate = useTranslate();
  if (order.procedure === null) return null;
  const filled = order.procedureInspection !== null || (pending !== null && pending.state !== 'refused');
  return (
    <WorkSection title={translate('app.technician.work_order.procedure_title')}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 600 }}>{order.procedureName ?? ''}</Typography>
        {filled && <Chip size="small" color="success" icon={<TaskAltIcon />} label={translate('app.technician.work_order.procedure_done')} />}
        {order.procedureInspection === null && <PendingNote mark={pending} />}
      </Stack>
      {!filled && readOnly && <Typography color="text.secondary">{translate('app.technician.work_order.procedure_not_filled')}</Typography>}
      {!filled && !readOnly && (
        <Button component={RouterLink} to={workOrderProcedurePath(order._id)} variant="contained" size="large" startIcon={<AssignmentIcon />} sx={{ minHeight: 48 }}>
          {translate('app.technician.work_order.fill_procedure')}
        </Button>
      )}
    </WorkSection>
  );
}
