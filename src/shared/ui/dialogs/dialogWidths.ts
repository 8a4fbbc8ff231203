/** Spec §9 dialog widths. */
export const CONFIRM_DIALOG_MAX_WIDTH = 400;
export const ATTRIBUTE_DIALOG_MAX_WIDTH = 800;
export const ASSET_DIALOG_MAX_WIDTH = 1000;
export const SCHEDULE_DIALOG_MAX_WIDTH = 400;
export const WORK_ORDER_DIALOG_MAX_WIDTH = 600;
