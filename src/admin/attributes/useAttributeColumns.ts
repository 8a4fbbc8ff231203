import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { Checklist } from '../../../common/resources/checklist';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { isArchived, useRelatedList } from '../mechanism/useRelatedList';
import type { AttributeRecord } from './types';

type ChecklistUse = Pick<Checklist, 'name' | 'checklistItems'> & { id: string; archivedAt?: number | null };

/**
 * Attribute, Technical Name, Type and the checklists whose items use the attribute (spec §2.9),
 * archived ones marked: they are why deleting the attribute archives it.
 */
export function useAttributeColumns(): RecordColumn<AttributeRecord>[] {
  const translate = useTranslate();
  const checklists = useRelatedList<ChecklistUse>('checklist', ['name', 'checklistItems'], { withArchived: true });
  return useMemo(() => {
    const usedBy = new Map<string, string[]>();
    for (const checklist of checklists) {
      const name = isArchived(checklist) ? translate('app.archive.archived_name', { name: checklist.name }) : checklist.name;
      for (const item of checklist.checklistItems ?? []) usedBy.set(item.attribute, [...(usedBy.get(item.attribute) ?? []), name]);
    }
    const checklistNames = (row: AttributeRecord) => [...new Set(usedBy.get(row.id) ?? [])].sort((a, b) => a.localeCompare(b)).join(', ');
    return [
      { key: 'name', label: translate('app.attribute.columns.attribute') },
      { key: 'technicalName', label: translate('app.attribute.columns.technical_name') },
      { key: 'type', label: translate('app.attribute.columns.type') },
      { key: 'checklists', label: translate('app.attribute.columns.checklists'), sortValue: checklistNames },
    ];
  }, [translate, checklists]);
}
