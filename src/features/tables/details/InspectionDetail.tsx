import { Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Alert, Inspection } from '../../../../common/resources/inspection';
import { useSessionUser } from '../../../platform/authProvider/useSession';
import { formatTimestamp } from '../../../../common/formatTime';
import { AlertsSubTable } from './AlertsSubTable';
import { AttributeValueTable, type AttributeValueRow } from './AttributeValueTable';
import { DetailFacts } from '../../../shared/ui/DetailFacts';
import { DetailState } from './DetailState';
import { useDetail } from './useDetail';

/** GET /inspection/:id (server/modules/inspections/inspectionReads.ts). */
type InspectionView = Inspection & { attributes: { _id: string; name: string; type: string; description: string | null }[] };

function valueRows(inspection: InspectionView): AttributeValueRow[] {
  const attributes = new Map(inspection.attributes.map((attribute) => [attribute._id, attribute]));
  const comments = new Map(inspection.attributeComments.map((comment) => [comment.attribute, String(comment.value ?? '')]));
  return inspection.attributeData.map((item) => {
    const attribute = attributes.get(item.attribute);
    return {
      id: item.attribute,
      name: attribute?.name ?? item.attribute,
      value: item.value,
      type: attribute?.type,
      comment: comments.get(item.attribute) || undefined,
      description: attribute?.description || undefined,
    };
  });
}

/**
 * Spec §2.5 inspection detail: the attribute/value table (Comment and Description columns when
 * there are any, images in the viewer, HTML values sanitised) and the inspection's Alerts with
 * Resolve; resolving reloads both (spec §4), as does an update-detail push naming the inspection.
 */
export function InspectionDetail({ inspectionId }: { inspectionId: string }) {
  const translate = useTranslate();
  const user = useSessionUser();
  const readsAlerts = user?.permissions.includes('read-alert') ?? false;
  const showsUpdate = (event: { type: string; _id: string }) => event.type === 'inspection' && event._id === inspectionId;
  const detail = useDetail<InspectionView>(`/inspection/${encodeURIComponent(inspectionId)}`, showsUpdate);
  const alerts = useDetail<Alert[]>(readsAlerts ? `/inspection/${encodeURIComponent(inspectionId)}/alert` : null, showsUpdate);
  const reload = () => {
    detail.reload();
    alerts.reload();
  };
  return (
    <DetailState detail={detail}>
      {(inspection) => (
        <Stack spacing={2}>
          <DetailFacts
            facts={[
              { label: translate('app.detail.asset'), value: inspection.assetName },
              { label: translate('app.detail.checklist'), value: inspection.checklistName },
              { label: translate('app.detail.inspected_by'), value: inspection.userName },
              { label: translate('app.detail.time'), value: formatTimestamp(inspection.timestamp) },
            ]}
          />
          <AttributeValueTable rows={valueRows(inspection)} />
          {readsAlerts && <AlertsSubTable alerts={alerts.data ?? []} onResolved={reload} />}
        </Stack>
      )}
    </DetailState>
  );
}
