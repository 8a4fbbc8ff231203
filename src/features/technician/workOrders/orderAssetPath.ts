/**
 * GET /asset/{id}: an order names its asset by id, the inspect view finds assets by identification —
 * the procedure's form reads the one to find the other. Kept for offline use.
 */
export const orderAssetPath = (assetId: string): string => `/asset/${encodeURIComponent(assetId)}`;
