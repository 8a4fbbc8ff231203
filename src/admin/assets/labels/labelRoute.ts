/** The printable labels page, under /home next to Asset management (needs manage-asset). */
export const ASSET_LABELS_ROUTE = 'assetManagement/labels';
export const ASSET_MANAGEMENT_PATH = '/home/assetManagement';

/** The labels page for these assets, in this order. */
export function assetLabelsUrl(ids: readonly string[]): string {
  return `/home/${ASSET_LABELS_ROUTE}?${new URLSearchParams({ ids: ids.join(',') }).toString()}`;
}

/** The asset ids of the page's query, each once, in their order. */
export function idsOfLabelsQuery(search: URLSearchParams): string[] {
  const ids = (search.get('ids') ?? '').split(',').map((id) => id.trim()).filter(Boolean);
  return [...new Set(ids)];
}
