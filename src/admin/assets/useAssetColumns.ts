import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { checklistNames } from '../../../common/resources/asset';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { useNameLookup } from '../mechanism/useRelatedList';
import type { AssetRecord } from './types';

export function useAssetColumns(): RecordColumn<AssetRecord>[] {
  const translate = useTranslate();
  // An asset keeps an archived checklist (hidden from its technicians): named, marked archived.
  const checklistNameOf = useNameLookup('checklist', { withArchived: true });
  return useMemo(() => {
    const checklistsOf = (row: AssetRecord) => checklistNames(row.checklists ?? [], checklistNameOf);
    return [
      { key: 'name', label: translate('app.asset.columns.asset') },
      { key: 'identification', label: translate('app.asset.columns.identification') },
      { key: 'tags', label: translate('app.asset.columns.tags'), sortValue: (row) => (row.tags ?? []).join(', ') },
      { key: 'checklists', label: translate('app.asset.columns.checklists'), sortValue: checklistsOf },
    ];
  }, [translate, checklistNameOf]);
}
