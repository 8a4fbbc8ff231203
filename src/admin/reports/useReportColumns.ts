import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { orderedFormats } from '../../../common/resources/report';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { useNameLookup } from '../mechanism/useRelatedList';
import type { ReportRecord } from './types';

/** Report, Formats, Script (its name) — spec §2.9. */
export function useReportColumns(): RecordColumn<ReportRecord>[] {
  const translate = useTranslate();
  const scriptNames = useNameLookup('script');
  return useMemo(() => {
    const scriptOf = (row: ReportRecord) => (row.script ? (scriptNames.get(row.script) ?? '') : '');
    const formatsOf = (row: ReportRecord) => orderedFormats(row.formats ?? []).map((f) => translate(`app.report.formats.${f}`)).join(', ');
    return [
      { key: 'name', label: translate('app.report.columns.report') },
      { key: 'formats', label: translate('app.report.columns.formats'), render: formatsOf, sortValue: formatsOf },
      { key: 'script', label: translate('app.report.columns.script'), render: scriptOf, sortValue: scriptOf },
    ];
  }, [translate, scriptNames]);
}
