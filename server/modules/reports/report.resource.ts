import { reports, scripts } from '../../db/schema';
import { orderedFormats, reportSchema } from '../../../common/resources/report';
import type { CrudResource } from '../../crud/crudResource';
import { requireIds } from '../../crud/references';

/** Report records (spec §3): name, formats (pdf, xls, doc) and the script that builds the document. */
export const reportResource: CrudResource = {
  entity: 'report',
  label: 'Report',
  table: reports,
  schema: reportSchema,
  read: { anyPermission: ['manage-report', 'read-report'] },
  write: 'manage-report',
  prepare: (input) => ({ ...input, formats: orderedFormats((input.formats as string[] | undefined) ?? []) }),
  async checkReferences(db, input) {
    if (input.script) await requireIds(db, scripts, [String(input.script)], 'script', 'script');
  },
};
