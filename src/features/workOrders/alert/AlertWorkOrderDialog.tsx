import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { WorkOrder } from '../../../../common/resources/workOrder';
import { apiQuery } from '../../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../../platform/dataProvider/useApiQuery';
import { WorkOrderDialog } from '../dialog/WorkOrderDialog';
import { useWorkOrderConfig } from '../shared/useWorkOrderConfig';
import { alertWorkOrderDraft, type AlertForWorkOrder, type RankedAlertLevel } from './alertWorkOrderDraft';

interface AlertWorkOrderDialogProps {
  alert: AlertForWorkOrder;
  /** The alert's order to edit, or null to open a new one. */
  order: WorkOrder | null;
  onClose: () => void;
  onSaved: () => void;
}

/** GET /alertLevel: the levels' ranks behind a new order's priority. */
export const alertLevelsQuery = () => apiQuery<RankedAlertLevel[]>('/alertLevel');

const NO_LEVELS: readonly RankedAlertLevel[] = [];

/**
 * The work order dialog opened from an alert's detail: the alert's order to edit, or a new one
 * prefilled from the alert and linked to it (`alert`). Loaded only when asked for, with the config
 * (and, for a new one, the alert levels' ranks behind its priority). Spec §8: a config that does
 * not load is only logged, and the dialog does not open.
 */
export default function AlertWorkOrderDialog({ alert, order, onClose, onSaved }: AlertWorkOrderDialogProps) {
  const translate = useTranslate();
  const { config, error } = useWorkOrderConfig();
  const ranks = useApiQuery({ ...alertLevelsQuery(), enabled: !order });
  // Without the ranks the priority still follows the level's name.
  const levels = order ? NO_LEVELS : (ranks.data ?? (ranks.error ? NO_LEVELS : null));
  // The new order starts now: read once, when the dialog was asked for.
  const [now] = useState(() => Date.now());

  useEffect(() => {
    if (ranks.error) console.error('alert levels could not be loaded', ranks.error);
  }, [ranks.error]);

  useEffect(() => {
    if (error !== null) onClose();
  }, [error, onClose]);

  if (!config || levels === null) return null;
  return (
    <WorkOrderDialog
      subject={order ? { kind: 'edit', order } : { kind: 'new', initial: alertWorkOrderDraft(alert, levels, config, now, translate), alert: alert._id, ...(alert.assetName ? { assetName: alert.assetName } : {}) }}
      config={config}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
