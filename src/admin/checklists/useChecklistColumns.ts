import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { useRelatedList } from '../mechanism/useRelatedList';
import type { ChecklistRecord } from './types';

interface AssetUse {
  id: string;
  name: string;
  identification: string;
  checklists: string[];
}

/**
 * Checklist, Frequency, Number of checklist items, and the assets offering the checklist with
 * their identifications (spec §2.9), both in asset-name order so the two columns line up.
 */
export function useChecklistColumns(): RecordColumn<ChecklistRecord>[] {
  const translate = useTranslate();
  const assets = useRelatedList<AssetUse>('asset', ['name', 'identification', 'checklists']);
  return useMemo(() => {
    const holders = new Map<string, AssetUse[]>();
    const byName = [...assets].sort((a, b) => a.name.localeCompare(b.name));
    for (const asset of byName) for (const id of asset.checklists ?? []) holders.set(id, [...(holders.get(id) ?? []), asset]);
    const assetsOf = (row: ChecklistRecord) => holders.get(row.id) ?? [];
    return [
      { key: 'name', label: translate('app.checklist.columns.checklist') },
      { key: 'frequency', label: translate('app.checklist.columns.frequency') },
      {
        key: 'checklistItems',
        label: translate('app.checklist.columns.item_count'),
        sortValue: (row) => row.checklistItems?.length ?? 0,
        searchText: () => '',
        align: 'right',
      },
      { key: 'assets', label: translate('app.checklist.columns.assets'), sortValue: (row) => assetsOf(row).map((a) => a.name).join(', ') },
      { key: 'assetIds', label: translate('app.checklist.columns.asset_ids'), sortValue: (row) => assetsOf(row).map((a) => a.identification).join(', ') },
    ];
  }, [translate, assets]);
}
