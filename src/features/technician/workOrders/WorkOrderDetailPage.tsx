import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import { isFromWorkOrderList } from './workOrderPath';
import { useWorkOrderDetail } from '../../workOrders/shared/useWorkOrderDetail';
import { WorkOrderDetailView } from './WorkOrderDetailView';

const HOME = '/inspection';

/**
 * /inspection/workOrder/:id (spec §2.1, §2.3). Back returns to the home: opened from its list, by
 * going back (the tab and the scroll position come back with it); opened any other way (a link, a
 * reload), by going there.
 */
export const WorkOrderDetailPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const { id = '' } = useParams();
  const detail = useWorkOrderDetail(id);
  const { state } = detail;
  const back = () => (isFromWorkOrderList(location.state) ? navigate(-1) : navigate(HOME));

  return (
    <Stack spacing={2}>
      <Box>
        <Button onClick={back} startIcon={<ArrowBackIcon />} color="inherit" sx={{ minHeight: 48, px: 1.5 }}>
          {translate('app.work_order.back')}
        </Button>
      </Box>

      {state.status === 'loading' && (
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', justifyContent: 'center', py: 4 }}>
          <CircularProgress size={28} />
          <Typography>{translate('app.technician.work_order.loading')}</Typography>
        </Stack>
      )}

      {state.status === 'unavailable' && <Alert severity="warning">{translate('app.technician.work_order.unavailable')}</Alert>}

      {state.status === 'error' && (
        <Alert severity="error" sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600 }}>{translate('app.technician.work_order.load_failed')}</Typography>
          <Typography sx={{ mb: 2 }}>{state.message}</Typography>
          <Button onClick={detail.reload} variant="contained" color="error" startIcon={<RefreshIcon />} sx={{ minHeight: 48 }}>
            {translate('app.technician.work_order.retry')}
          </Button>
        </Alert>
      )}

      {state.status === 'ready' && <WorkOrderDetailView key={state.order._id} order={state.order} detail={detail} />}
    </Stack>
  );
};
