import AssessmentIcon from '@mui/icons-material/Assessment';
import { reportSchema } from '../../../common/resources/report';
import { declareResource } from '../mechanism/declareResource';
import { ReportDownloads } from './ReportDownloads';
import type { ReportRecord } from './types';

/**
 * Report management (spec §2.9: Report, Formats, Script, Actions; New Report). A new report
 * offers every format and has no script; the expanded row holds the editor and a download
 * button per saved format.
 */
export const reportResource = declareResource<ReportRecord>({
  name: 'report', label: 'Report', schema: reportSchema, icon: AssessmentIcon, permission: 'manage-report',
  listFields: ['name', 'formats', 'script'], columns: ['name', 'formats', 'script'], Below: ReportDownloads,
});
