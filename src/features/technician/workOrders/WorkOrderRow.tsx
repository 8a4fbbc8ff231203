import { Link } from 'react-router-dom';
import { Box, Chip, ListItem, ListItemButton, Stack, Typography } from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { useTranslate } from 'react-admin';
import type { WorkOrder } from '../../../../common/resources/workOrder';
import { formatDate } from '../../../../common/formatTime';
import { useTimeZone } from '../../../shared/ui/timeZone';
import { WorkOrderPriorityChip } from '../../workOrders/shared/WorkOrderPriorityChip';
import { workOrderPath, type FromWorkOrderList } from './workOrderPath';

const FROM_LIST: FromWorkOrderList = { fromWorkOrderList: true };

/**
 * One order of the home list: a whole-row link (a thumb-sized target) to its detail, inside its own
 * list item. Title and asset wrap instead of widening the page on a phone; the status shows only
 * where it differs between rows (the first tab: Open, In Progress, On Hold…). An overdue order
 * (issue 40) says so in words, in a red-outlined chip with its own icon — not by colour alone, and
 * not like the High priority chip beside it — and the link's name carries the word.
 */
export function WorkOrderRow({ order, showStatus, overdue, divider }: { order: WorkOrder; showStatus: boolean; overdue: boolean; divider: boolean }) {
  const translate = useTranslate();
  const timeZone = useTimeZone();
  return (
    <ListItem disablePadding divider={divider}>
      <ListItemButton component={Link} to={workOrderPath(order._id)} state={FROM_LIST} sx={{ minHeight: 72, alignItems: 'center', gap: 1, py: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="span" variant="subtitle1" sx={{ display: 'block', fontWeight: 600 }}>
            {order.title}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {order.assetName}
          </Typography>
          <Stack direction="row" sx={{ mt: 0.75, flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
            {overdue && (
              <Chip
                size="small"
                variant="outlined"
                icon={<EventBusyIcon />}
                label={translate('app.technician.overdue')}
                sx={{ color: 'error.light', borderColor: 'error.light', fontWeight: 700, '& .MuiChip-icon': { color: 'inherit' } }}
              />
            )}
            <WorkOrderPriorityChip priority={order.priority} />
            {showStatus && <Chip size="small" variant="outlined" label={order.status} />}
            <Typography component="span" variant="body2">
              {translate('app.technician.work_order_dates', { start: formatDate(order.startTimestamp, timeZone), end: formatDate(order.endTimestamp, timeZone) })}
            </Typography>
          </Stack>
        </Box>
        <ChevronRightIcon color="action" />
      </ListItemButton>
    </ListItem>
  );
}
