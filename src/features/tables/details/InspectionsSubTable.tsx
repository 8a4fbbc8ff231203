import { useMemo, useState } from 'react';
import { Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SUB_TABLE_PAGE_SIZE } from '../../../../common/constants';
import type { Inspection } from '../../../../common/resources/inspection';
import { RecordTable, type RecordColumn } from '../../../shared/ui/recordTable/RecordTable';
import type { SortTerm } from '../../../shared/ui/recordTable/tableSort';
import { formatTimestamp } from '../../../../common/formatTime';
import { AssetThermographyView } from '../../thermography/AssetThermographyView';
import { InspectionDetail } from './InspectionDetail';

type Kind = 'maintenance' | 'thermography';
type InspectionRow = Inspection & { id: string };

const kindOf = (inspection: Inspection): Kind => (inspection.type === 'ThermographyInspection' ? 'thermography' : 'maintenance');

/**
 * An asset's Inspections (spec §2.5, §9: 5 rows a page): with both maintenance and thermography
 * inspections two buttons switch between them, maintenance first; with one kind it is shown
 * directly. Maintenance inspections are a table whose rows expand into their detail; thermography
 * ones page through their image records.
 */
export function InspectionsSubTable({ assetId, inspections }: { assetId: string; inspections: readonly Inspection[] }) {
  const translate = useTranslate();
  const [sort, setSort] = useState<SortTerm[]>([{ field: 'timestamp', order: 'desc' }]);
  const kinds = useMemo(() => new Set(inspections.map(kindOf)), [inspections]);
  const [chosen, setChosen] = useState<Kind>('maintenance');
  const kind: Kind = kinds.size > 1 ? chosen : (kinds.values().next().value ?? 'maintenance');
  const rows = useMemo(() => inspections.filter((inspection) => kindOf(inspection) === kind).map((inspection) => ({ ...inspection, id: inspection._id })), [inspections, kind]);
  const columns = useMemo<RecordColumn<InspectionRow>[]>(
    () => [
      { key: 'timestamp', label: translate('app.detail.time'), render: (row) => formatTimestamp(row.timestamp) },
      { key: 'checklistName', label: translate('app.detail.checklist') },
      { key: 'userName', label: translate('app.detail.inspected_by') },
    ],
    [translate],
  );
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {translate('app.detail.inspections')}
        </Typography>
        {kinds.size > 1 && (
          <ToggleButtonGroup size="small" exclusive value={kind} onChange={(_event, next: Kind | null) => next && setChosen(next)}>
            <ToggleButton value="maintenance">{translate('app.table.maintenance_inspections')}</ToggleButton>
            <ToggleButton value="thermography">{translate('app.table.thermography_inspections')}</ToggleButton>
          </ToggleButtonGroup>
        )}
      </Stack>
      {kind === 'thermography' ? (
        <AssetThermographyView assetId={assetId} inspections={inspections} />
      ) : (
        <RecordTable
          rows={rows}
          columns={columns}
          sort={sort}
          onSortChange={setSort}
          pageSize={SUB_TABLE_PAGE_SIZE}
          expand={(row) => <InspectionDetail inspectionId={row._id} />}
          empty={translate('app.detail.no_inspections')}
        />
      )}
    </Stack>
  );
}
