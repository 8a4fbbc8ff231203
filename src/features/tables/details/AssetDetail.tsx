import { Stack, Typography } from '@mui/material';
import type { Asset } from '../../../../common/resources/asset';
import type { Alert, Inspection } from '../../../../common/resources/inspection';
import { useSessionUser } from '../../../platform/authProvider/useSession';
import { AlertsSubTable } from './AlertsSubTable';
import { AttributeValueTable } from './AttributeValueTable';
import { DetailState } from './DetailState';
import { InspectionsSubTable } from './InspectionsSubTable';
import { useDetail } from './useDetail';
import { PointTrends } from '../../monitoring/PointTrends';

/** The latest this many of an asset's alerts and inspections, paged 5 at a time in the detail. */
export const ASSET_HISTORY_ROWS = 100;
const latest = JSON.stringify([0, ASSET_HISTORY_ROWS - 1]);

/**
 * Spec §2.5 asset detail: name, static attributes as name/value rows, its Alerts (with Resolve)
 * and its Inspections. Each part is asked for only when the user may read it. Any update-detail
 * push reloads the alerts and inspections, which could be the asset's. Its measurement points'
 * latest readings and trends come before them (DESIGN §17).
 */
export function AssetDetail({ assetId }: { assetId: string }) {
  const user = useSessionUser();
  const may = (permission: string) => user?.permissions.includes(permission) ?? false;
  const query = `assetId=${encodeURIComponent(assetId)}&range=${encodeURIComponent(latest)}`;
  const asset = useDetail<Asset>(`/asset/${encodeURIComponent(assetId)}`, () => false);
  const alerts = useDetail<Alert[]>(may('read-alert') ? `/alert?${query}` : null, () => true);
  const inspections = useDetail<Inspection[]>(may('read-inspection') ? `/inspection?${query}` : null, () => true);
  return (
    <DetailState detail={asset}>
      {(shown) => (
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {shown.name}
          </Typography>
          <AttributeValueTable
            rows={[...shown.staticAttributes]
              .sort((a, b) => a.sequenceId - b.sequenceId)
              .map((attribute) => ({ id: attribute.name, name: attribute.name, value: attribute.value, type: attribute.type }))}
          />
          <PointTrends assetId={shown._id} />
          {may('read-alert') && <AlertsSubTable alerts={alerts.data ?? []} onResolved={alerts.reload} />}
          {may('read-inspection') && <InspectionsSubTable assetId={shown._id} inspections={inspections.data ?? []} />}
        </Stack>
      )}
    </DetailState>
  );
}
