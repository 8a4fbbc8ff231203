import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import type { ScriptRecord } from './types';

export function useScriptColumns(): RecordColumn<ScriptRecord>[] {
  const translate = useTranslate();
  return useMemo(
    () => [
      { key: '_id', label: translate('app.script.columns.id') },
      { key: 'name', label: translate('app.script.columns.name') },
    ],
    [translate],
  );
}
