import { Button, Stack, Typography } from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useTranslate } from 'react-admin';
import type { Alert } from '../../../../common/resources/inspection';
import { useSessionUser } from '../../../platform/authProvider/useSession';
import { formatTimestamp } from '../../../../common/formatTime';
import { htmlAsText } from '../../../../common/storedHtml/htmlAsText';
import { AlertWorkOrder } from '../../workOrders/alert/AlertWorkOrder';
import { AttributeValueTable } from './AttributeValueTable';
import { DetailFacts } from '../../../shared/ui/DetailFacts';
import { DetailState } from './DetailState';
import { useAcknowledgeAlerts } from './useAcknowledgeAlerts';
import { useDetail } from './useDetail';
import { useResolveAlerts } from './useResolveAlerts';
import type { PointAlertView } from '../../../../common/monitoring/pointAlertView';
import { MeasurementAlertFacts } from '../../monitoring/MeasurementAlertFacts';

/** GET /alert/:id (server/modules/alerts/alertReads.ts). */
export type AlertView = Alert & {
  checklistName: string | null;
  inspectedBy: string | null;
  attributeData: { attribute: string; name: string; type: string | null; value: unknown }[];
  /** A measurement point's alert (DESIGN §17); null for a checklist's or a job's. */
  measurement?: PointAlertView | null;
};

/**
 * Spec §2.5 alert detail: checklist name, inspected-by, timestamp, and an attribute/value table;
 * a resolved alert also shows its remark, who resolved it and when (DESIGN §5), an acknowledged one
 * who took it on and when (DESIGN §18). Users holding resolve-alert may acknowledge an open alert
 * nobody took on yet, and resolve an open one (with a remark, as in the tables). For users who
 * manage work orders, the alert's work order, or a button to open one (DESIGN §11). A measurement
 * point's alert says its rule, repeats, last and worst values and what fired and cleared it instead
 * of a checklist (DESIGN §17).
 */
export function AlertDetail({ alertId }: { alertId: string }) {
  const translate = useTranslate();
  const permissions = useSessionUser()?.permissions ?? [];
  const managesWorkOrders = permissions.includes('manage-workorder');
  const resolvesAlerts = permissions.includes('resolve-alert');
  const acknowledge = useAcknowledgeAlerts();
  const resolve = useResolveAlerts();
  const detail = useDetail<AlertView>(`/alert/${encodeURIComponent(alertId)}`, (event) => event.type === 'alert' && event._id === alertId);
  const act = async (action: (ids: readonly string[]) => Promise<boolean>) => {
    if (await action([alertId])) detail.reload();
  };
  return (
    <DetailState detail={detail}>
      {(alert) => (
        <Stack spacing={2}>
          {alert.measurement ? (
            <MeasurementAlertFacts alert={alert.measurement} />
          ) : (
            <DetailFacts
              facts={[
                { label: translate('app.detail.checklist'), value: alert.checklistName },
                { label: translate('app.detail.inspected_by'), value: alert.inspectedBy },
                { label: translate('app.detail.time'), value: formatTimestamp(alert.timestamp) },
              ]}
            />
          )}
          {typeof alert.acknowledgedAt === 'number' && (
            <Typography variant="body2">{translate('app.detail.acknowledged_by', { name: alert.acknowledgedByName ?? '—', time: formatTimestamp(alert.acknowledgedAt) })}</Typography>
          )}
          {resolvesAlerts && alert.resolvedAt === null && (
            <Stack direction="row" spacing={1}>
              {typeof alert.acknowledgedAt !== 'number' && (
                <Button size="small" variant="outlined" startIcon={<DoneIcon />} onClick={() => void act(acknowledge)}>
                  {translate('app.detail.acknowledge')}
                </Button>
              )}
              <Button size="small" variant="outlined" startIcon={<DoneAllIcon />} onClick={() => void act(resolve)}>
                {translate('app.table.resolve')}
              </Button>
            </Stack>
          )}
          {alert.resolvedAt !== null && (
            <DetailFacts
              facts={[
                { label: translate('app.detail.remark'), value: alert.remark },
                { label: translate('app.detail.resolved_by'), value: alert.resolvedByName },
                { label: translate('app.detail.resolved_when'), value: formatTimestamp(alert.resolvedAt) },
              ]}
            />
          )}
          {managesWorkOrders && (
            <AlertWorkOrder
              alert={{ _id: alert._id, asset: alert.asset, assetName: alert.assetName, level: alert.level, levelName: alert.levelName, text: htmlAsText(alert.message), fromMeasurementPoint: Boolean(alert.measurement) }}
            />
          )}
          <AttributeValueTable rows={alert.attributeData.map((item) => ({ id: item.attribute, name: item.name, value: item.value, type: item.type }))} />
        </Stack>
      )}
    </DetailState>
  );
}
