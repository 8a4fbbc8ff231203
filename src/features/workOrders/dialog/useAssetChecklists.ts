import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { NamedRef } from '../../../../common/resources/workOrder';
import { isRefusedInPlace } from '../../../platform/authProvider/httpStatus';

const WHOLE = { page: 1, perPage: 1_000_000 };

export interface AssetChecklists {
  /** The asset's current checklists by name, in the asset's order. */
  checklists: NamedRef[];
  isPending: boolean;
  /** The user may not read assets or checklists (403 in place: the dialog keeps working). */
  refused: boolean;
}

/**
 * The checklists an order's procedure may be (docs/work-orders.md: a checklist of the order's
 * asset): the asset's `checklists` named by the checklist list — the whole-list reads the
 * administration pickers share through react-admin's cache, read beside the dialog's own calls
 * (a 403 leaves the list empty rather than signing out). Asked only once `enabled` (the list is
 * opened), so a dialog that never picks a procedure asks nothing.
 */
export function useAssetChecklists(assetId: string, enabled: boolean): AssetChecklists {
  const asks = enabled && assetId !== '';
  const assets = useGetList<{ id: string; checklists?: string[] }>('asset', { pagination: WHOLE, meta: { all: true, fields: ['name', 'checklists'], secondary: true } }, { enabled: asks });
  const names = useGetList<{ id: string; name: string }>('checklist', { pagination: WHOLE, meta: { all: true, fields: ['name'], secondary: true } }, { enabled: asks });
  const checklists = useMemo(() => {
    const held = assets.data?.find((asset) => asset.id === assetId)?.checklists ?? [];
    const nameOf = new Map((names.data ?? []).map((checklist) => [checklist.id, checklist.name]));
    // An archived checklist is not offered for new work (the list leaves it out).
    return held.flatMap((id) => {
      const name = nameOf.get(id);
      return name === undefined ? [] : [{ _id: id, name }];
    });
  }, [assets.data, names.data, assetId]);
  return {
    checklists,
    isPending: asks && (assets.isPending || names.isPending),
    refused: isRefusedInPlace(assets.error) || isRefusedInPlace(names.error),
  };
}
