import type { Asset } from '../../../common/resources/asset';

export type AssetRecord = Asset & { id: string };
