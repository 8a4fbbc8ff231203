import { MenuItem, TextField, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isCompleted, type WorkOrder } from '../../../../common/resources/workOrder';

interface WorkOrderStatusCellProps {
  order: WorkOrder;
  statusValues: readonly string[];
  /** A change of this row is being saved. */
  saving: boolean;
  onChange: (status: string) => void;
}

/**
 * A row's status as a select of every configured value, saved at once (spec §4). Completed is
 * final (DESIGN §11): the server answers 409 to leaving it, so the select is disabled and its
 * tooltip says why.
 */
export function WorkOrderStatusCell({ order, statusValues, saving, onChange }: WorkOrderStatusCellProps) {
  const translate = useTranslate();
  const completed = isCompleted(order.status);
  const choices = statusValues.includes(order.status) ? statusValues : [...statusValues, order.status];
  const select = (
    <TextField
      select
      size="small"
      variant="standard"
      fullWidth={false}
      value={order.status}
      disabled={completed || saving}
      onChange={(event) => {
        if (event.target.value !== order.status) onChange(event.target.value);
      }}
      slotProps={{ htmlInput: { 'aria-label': translate('app.work_order_screen.status_of', { title: order.title }) } }}
      sx={{ minWidth: 130 }}
    >
      {choices.map((status) => (
        <MenuItem key={status} value={status}>
          {status}
        </MenuItem>
      ))}
    </TextField>
  );
  if (!completed) return select;
  // A disabled control gets no pointer events: the tooltip listens on a wrapper.
  return (
    <Tooltip title={translate('app.work_order_screen.completed_locked')}>
      <span>{select}</span>
    </Tooltip>
  );
}
