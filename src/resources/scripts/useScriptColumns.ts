import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { DataColumn } from '../../common-ui/dataTable/DataTable';
import type { ScriptRecord } from './index';

export function useScriptColumns(): DataColumn<ScriptRecord>[] {
  const translate = useTranslate();
  return useMemo(
    () => [
      { key: '_id', label: translate('app.script.columns.id') },
      { key: 'name', label: translate('app.script.columns.name') },
    ],
    [translate],
  );
}
