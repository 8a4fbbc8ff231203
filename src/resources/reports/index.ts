import AssessmentIcon from '@mui/icons-material/Assessment';
import type { Report } from '../../../common/resources/report';
import { standardMessages, type ResourceDefinition } from '../generic/ResourceDefinition';
import { ReportEditor } from './ReportEditor';
import { useReportColumns } from './useReportColumns';

export type ReportRecord = Report & { id: string };

/**
 * Report management (spec §2.9: Report, Formats, Script, Actions; New Report). A new report
 * offers every format and has no script; the expanded row holds the editor and a download
 * button per format.
 */
export const reportResource: ResourceDefinition<ReportRecord> = {
  name: 'report',
  route: 'reportManagement',
  permission: 'manage-report',
  title: 'app.menu.report_management',
  icon: AssessmentIcon,
  listFields: ['name', 'formats', 'script'],
  useColumns: useReportColumns,
  defaultSort: [{ field: 'name', order: 'asc' }],
  messages: standardMessages('report'),
  create: { label: 'app.report.new', kind: 'prompt' },
  remove: {},
  Editor: ReportEditor,
};
