import { assetQrPayload } from '../../../../common/resources/asset';

export interface LabelAsset {
  id: string;
  name: string;
  identification?: string;
}

export interface AssetLabel extends LabelAsset {
  identification: string;
  /** What the QR code carries: ASSET_ID:<identification> (docs/qr-labels.md). */
  payload: string;
}

export interface LabelSelection {
  labels: AssetLabel[];
  /** Selected assets whose code would be empty: the scanner could not find them. */
  withoutIdentification: LabelAsset[];
  /** Selected ids no longer in the catalogue (deleted since the selection). */
  missing: string[];
}

/** The labels of the selected assets, in the selection's order, and what cannot be labelled. */
export function labelSelection(ids: readonly string[], assets: readonly LabelAsset[]): LabelSelection {
  const byId = new Map(assets.map((asset) => [String(asset.id), asset]));
  const selection: LabelSelection = { labels: [], withoutIdentification: [], missing: [] };
  for (const id of ids) {
    const asset = byId.get(id);
    if (!asset) selection.missing.push(id);
    else if (!asset.identification?.trim()) selection.withoutIdentification.push(asset);
    else selection.labels.push({ ...asset, identification: asset.identification, payload: assetQrPayload(asset.identification) });
  }
  return selection;
}
