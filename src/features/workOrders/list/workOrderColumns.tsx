import { Box, IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { TranslateFunction } from 'react-admin';
import { formatDate } from '../../../../common/formatTime';
import type { WorkOrder, WorkOrderConfig } from '../../../../common/resources/workOrder';
import { WORK_ORDER_TYPE_LABELS, isWorkOrderType } from '../../../../common/resources/workAccounting';
import type { RecordColumn } from '../../../shared/ui/recordTable/RecordTable';
import { WorkOrderPriorityChip } from '../shared/WorkOrderPriorityChip';
import { WorkOrderStatusCell } from './WorkOrderStatusCell';

export type WorkOrderRow = WorkOrder & { id: string };

/** Fields holding epoch ms: shown as the app's one date format, YYYY/MM/DD in the local zone (spec §2.8 "local date", §9; issue 40 §10d). */
const DATE_FIELDS = new Set(['startTimestamp', 'endTimestamp', 'createdAt', 'updatedAt', 'completedAt', 'downtimeStart', 'downtimeEnd']);

/** DESIGN §18's type by its label ('Corrective'); a value the code does not know as it is. */
const typeLabel = (row: WorkOrder): string => (isWorkOrderType(row.type) ? WORK_ORDER_TYPE_LABELS[row.type] : String(row.type ?? ''));

export interface WorkOrderColumnHandlers {
  onEdit: (order: WorkOrder) => void;
  onDelete: (order: WorkOrder) => void;
  onStatusChange: (order: WorkOrder, status: string) => void;
  /** Ids of rows whose status change is being saved. */
  savingIds: ReadonlySet<string>;
}

/**
 * The list's columns (spec §2.8): the config's `fields` (heading, dataField) in its order, each
 * field shown as the screen should — dates local, asset and assignee by name,
 * the type by its label, status as a select, priority as its chip — and an Actions column with
 * edit and delete.
 */
export function workOrderColumns(config: WorkOrderConfig, handlers: WorkOrderColumnHandlers, translate: TranslateFunction): RecordColumn<WorkOrderRow>[] {
  const assetNames = new Map(config.assets.map((asset) => [asset._id, asset.name]));
  const userNames = new Map(config.users.map((user) => [user._id, user.name]));
  // The row brings the names; the config's lists cover a server that sent none.
  const assetName = (row: WorkOrder) => row.assetName || assetNames.get(row.asset) || row.asset;
  const assigneeName = (row: WorkOrder) => row.assignedToName || userNames.get(row.assignedTo) || row.assignedTo;

  const fieldColumn = ({ heading, dataField }: { heading: string; dataField: string }): RecordColumn<WorkOrderRow> => {
    const base = { key: dataField, label: heading };
    if (DATE_FIELDS.has(dataField)) {
      return {
        ...base,
        render: (row) => {
          const value = (row as unknown as Record<string, unknown>)[dataField];
          return typeof value === 'number' ? formatDate(value) : '';
        },
      };
    }
    if (dataField === 'asset') return { ...base, render: assetName, sortValue: assetName };
    if (dataField === 'assignedTo') return { ...base, render: assigneeName, sortValue: assigneeName };
    if (dataField === 'type') return { ...base, render: typeLabel };
    if (dataField === 'priority') return { ...base, render: (row) => <WorkOrderPriorityChip priority={row.priority} /> };
    if (dataField === 'status') {
      return {
        ...base,
        render: (row) => (
          <WorkOrderStatusCell order={row} statusValues={config.statusValues} saving={handlers.savingIds.has(row._id)} onChange={(status) => handlers.onStatusChange(row, status)} />
        ),
      };
    }
    return base;
  };

  const edit = translate('app.work_order.edit');
  const remove = translate('app.work_order.delete');
  const actions: RecordColumn<WorkOrderRow> = {
    key: 'actions',
    label: translate('app.work_order.actions'),
    sortable: false,
    align: 'right',
    render: (row) => (
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
        <Tooltip title={edit}>
          <IconButton size="small" aria-label={edit} onClick={() => handlers.onEdit(row)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={remove}>
          <IconButton size="small" aria-label={remove} onClick={() => handlers.onDelete(row)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    ),
  };
  return [...config.fields.map(fieldColumn), actions];
}
