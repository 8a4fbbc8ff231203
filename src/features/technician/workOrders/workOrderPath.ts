/** /inspection/workOrder/:id (spec §2.1): the technician's detail of one work order. */
export const workOrderPath = (id: string): string => `/inspection/workOrder/${encodeURIComponent(id)}`;

/** Route state a home row passes on, so the detail's Back returns to the list as it was left (tab, scroll). */
export interface FromWorkOrderList {
  fromWorkOrderList: true;
}

export const isFromWorkOrderList = (state: unknown): state is FromWorkOrderList =>
  typeof state === 'object' && state !== null && (state as Partial<FromWorkOrderList>).fromWorkOrderList === true;

/** The order's procedure filled on the phone: its checklist's inspect form for the order's asset (DESIGN §18). */
export const workOrderProcedurePath = (id: string): string => `${workOrderPath(id)}/procedure`;
