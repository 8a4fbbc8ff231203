import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { DataColumn } from '../../common-ui/dataTable/DataTable';
import { useNameLookup } from '../generic/useRelatedList';
import type { JobRecord } from './index';

/** Job, CRON Expression (GMT), Active, Script (its name) — spec §2.9. */
export function useJobColumns(): DataColumn<JobRecord>[] {
  const translate = useTranslate();
  const scriptNames = useNameLookup('script');
  return useMemo(() => {
    const scriptOf = (row: JobRecord) => (row.script ? (scriptNames.get(row.script) ?? '') : '');
    const activeText = (row: JobRecord) => translate(row.active ? 'app.job.active_yes' : 'app.job.active_no');
    return [
      { key: 'name', label: translate('app.job.columns.job') },
      { key: 'cronExpression', label: translate('app.job.columns.cron_expression') },
      { key: 'active', label: translate('app.job.columns.active'), render: activeText, sortValue: (row) => (row.active ? 1 : 0), searchText: () => '' },
      { key: 'script', label: translate('app.job.columns.script'), render: scriptOf, sortValue: scriptOf },
    ];
  }, [translate, scriptNames]);
}
