import type { WorkOrderAccounting } from '../../../common/resources/workAccounting';

/** An order with no labour, no parts and no procedure, as GET /workOrder/{id} answers it. */
export const NO_ACCOUNTING: WorkOrderAccounting = {
  labour: [],
  parts: [],
  costs: { labourHours: 0, labourCost: 0, partsCost: 0, total: 0, unratedEntries: 0 },
  procedureInspection: null,
  procedureName: null,
};
