import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import { isCompleted, type WorkOrderDetail } from '../../../../common/resources/workOrder';
import { apiQuery } from '../../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../../platform/dataProvider/useApiQuery';
import { useSessionUser } from '../../../platform/authProvider/useSession';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import { showsPreviousValues } from '../../../../common/firstAsks';
import { useWorkOrderDetail } from '../../workOrders/shared/useWorkOrderDetail';
import { AssetInspectPanel } from '../inspect/AssetInspectPanel';
import { useAssetGroup } from '../inspect/useAssetGroup';
import type { InspectAsset } from '../inspect/inspectTypes';
import { workOrderPath, workOrderProcedurePath } from './workOrderPath';
import { orderAssetPath } from './orderAssetPath';


/** Where a procedure's unsent form is kept: apart from the asset's own inspect draft. */
const procedureDraftScope = (order: WorkOrderDetail) => `${order.asset}:workOrder:${order._id}`;

/**
 * /inspection/workOrder/:id/procedure (DESIGN §18): the order's procedure — a checklist of its
 * asset — in the inspect view's own panel, that checklist alone, submitted as any checklist is
 * (network first, else the outbox) with `workOrder=<id>` added to its query. Taken, it goes back
 * to the order, which shows the procedure as filled.
 */
export const WorkOrderProcedurePage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const detail = useWorkOrderDetail(id);
  const { state } = detail;
  const backToOrder = () => navigate(workOrderPath(id), { replace: true });

  return (
    <Stack spacing={2}>
      <Box>
        <Button onClick={backToOrder} startIcon={<ArrowBackIcon />} color="inherit" sx={{ minHeight: 48, px: 1.5 }}>
          {translate('app.work_order.back')}
        </Button>
      </Box>
      {state.status === 'loading' && <Loading />}
      {state.status === 'unavailable' && <Alert severity="warning">{translate('app.technician.work_order.unavailable')}</Alert>}
      {state.status === 'error' && <LoadFailed message={state.message} onRetry={detail.reload} />}
      {state.status === 'ready' && <ProcedureForm order={state.order} onFilled={backToOrder} />}
    </Stack>
  );
};

function ProcedureForm({ order, onFilled }: { order: WorkOrderDetail; onFilled: () => void }) {
  const translate = useTranslate();
  const assetRead = useApiQuery({
    ...apiQuery<Pick<InspectAsset, '_id' | 'identification'>>(orderAssetPath(order.asset), { offline: true }),
    enabled: order.procedure !== null && order.procedureInspection === null,
  });

  if (order.procedure === null) return <Alert severity="info">{translate('app.technician.work_order.procedure_none')}</Alert>;
  if (order.procedureInspection !== null) return <Alert severity="success">{translate('app.technician.work_order.procedure_already_filled')}</Alert>;
  if (isCompleted(order.status)) return <Alert severity="info">{translate('app.technician.work_order.procedure_not_filled')}</Alert>;
  if (assetRead.error) return <LoadFailed message={errorMessageOf(assetRead.error, translate)} onRetry={assetRead.refetch} />;
  if (!assetRead.data) return <Loading />;
  return <ProcedurePanel order={order} procedure={order.procedure} identification={assetRead.data.identification} onFilled={onFilled} />;
}

interface PanelProps {
  order: WorkOrderDetail;
  procedure: string;
  identification: string;
  onFilled: () => void;
}

/** The asset group of the order's asset (as the inspect view reads it, offline too), narrowed to the procedure. */
function ProcedurePanel({ order, procedure, identification, onFilled }: PanelProps) {
  const translate = useTranslate();
  const user = useSessionUser();
  const permissions = user?.permissions ?? [];
  const { state, retry } = useAssetGroup(identification);
  const procedureAsset = useMemo<InspectAsset | null>(() => {
    const asset = state.status === 'ready' ? state.assets.find((candidate) => candidate._id === order.asset) : undefined;
    const checklist = asset?.checklistDetails.find((candidate) => candidate._id === procedure);
    // Its checklist alone: the server takes a procedure filled on its own.
    return asset && checklist ? { ...asset, checklists: [checklist._id], checklistDetails: [checklist], checklistOptions: [] } : null;
  }, [order.asset, procedure, state]);

  if (state.status === 'error') return <LoadFailed message={state.message} onRetry={retry} />;
  if (state.status === 'loading') return <Loading />;
  if (!procedureAsset) return <Alert severity="warning">{translate('app.technician.work_order.procedure_unavailable')}</Alert>;
  return (
    <>
      <Typography variant="overline" component="h1" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {translate('app.technician.work_order.procedure_heading', { title: order.title })}
      </Typography>
      <AssetInspectPanel
        asset={procedureAsset}
        userId={user?._id ?? null}
        canReadInspections={user ? showsPreviousValues(user) : false}
        canSubmit={permissions.includes('update-inspection')}
        canReadAssets={permissions.includes('read-asset')}
        procedure={{ workOrder: order._id, label: order.title, editPath: workOrderProcedurePath(order._id), draftScope: procedureDraftScope(order) }}
        onSubmitted={onFilled}
      />
    </>
  );
}

function Loading() {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', justifyContent: 'center', py: 4 }}>
      <CircularProgress size={28} />
      <Typography>{translate('app.technician.work_order.procedure_loading')}</Typography>
    </Stack>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ alignItems: 'center' }}>
      <Typography sx={{ fontWeight: 600 }}>{translate('app.technician.work_order.procedure_load_failed')}</Typography>
      <Typography sx={{ mb: 2 }}>{message}</Typography>
      <Button onClick={onRetry} variant="contained" color="error" startIcon={<RefreshIcon />} sx={{ minHeight: 48 }}>
        {translate('app.technician.work_order.retry')}
      </Button>
    </Alert>
  );
}
