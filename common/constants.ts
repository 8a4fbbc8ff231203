/** Business constants of spec §9 that both sides need. */
export const SNACKBAR_TIMEOUT_MS = 2000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const IMAGE_UPLOAD_MAX_BYTES = 1_048_576;
export const QR_ASSET_PREFIX = 'ASSET_ID';
export const TABLE_PAGE_SIZE = 10;
/** Spec §9: the alert and inspection tables inside a detail view, and the detail's own tables. */
export const SUB_TABLE_PAGE_SIZE = 5;
export const DETAIL_TABLE_PAGE_SIZE = 100;
export const MAX_JSON_BODY_BYTES = 1_048_576;
/** Inspection image values (phones scale photos down before upload; docs/inspections.md). */
export const INSPECTION_IMAGE_MAX_BYTES = 5 * 1_048_576;
/**
 * Pixels (width × height) an uploaded image may declare in its header: a 50 MP phone photo passes,
 * a picture that would cost a viewer gigabytes to decode does not (docs/decisions.md, "Image pixel bound").
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** Longest side of the thumbnails the server makes for small renders (48–96 px, on 2× screens). */
export const THUMBNAIL_MAX_SIDE = 256;
