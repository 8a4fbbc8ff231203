import { useEffect, useMemo, useReducer } from 'react';
import { isEmptyValue, type InspectionValue } from '../../../../common/resources/inspection';
import { clearDraft, loadDraft, saveDraft } from './draftStore';
import type { FormComments, FormValues, InspectAsset } from './inspectTypes';
import type { ItemFlags } from './submission';

export interface InspectionFormState {
  /** Selected checklist ids, in the asset's order. */
  selected: string[];
  values: FormValues;
  comments: FormComments;
  /** Mandatory items the last submit found empty, by checklist id. */
  flagged: ItemFlags;
  /** When the values were restored from an unsent draft; null otherwise. */
  restoredAt: number | null;
}

type Action =
  | { type: 'toggle'; checklistId: string }
  | { type: 'select'; checklistIds: string[] }
  | { type: 'value'; checklistId: string; attributeId: string; value: InspectionValue | null }
  | { type: 'comment'; checklistId: string; attributeId: string; text: string }
  | { type: 'flag'; flagged: ItemFlags }
  | { type: 'clear' };

function inAssetOrder(asset: InspectAsset, ids: Iterable<string>): string[] {
  const wanted = new Set(ids);
  return asset.checklistDetails.map((checklist) => checklist._id).filter((id) => wanted.has(id));
}

function unflag(flagged: ItemFlags, checklistId: string, attributeId: string): ItemFlags {
  const list = flagged[checklistId];
  if (!list?.includes(attributeId)) return flagged;
  return { ...flagged, [checklistId]: list.filter((id) => id !== attributeId) };
}

function reducerFor(asset: InspectAsset) {
  return (state: InspectionFormState, action: Action): InspectionFormState => {
    switch (action.type) {
      case 'toggle': {
        const on = state.selected.includes(action.checklistId);
        const next = on ? state.selected.filter((id) => id !== action.checklistId) : [...state.selected, action.checklistId];
        return { ...state, selected: inAssetOrder(asset, next) };
      }
      case 'select':
        return { ...state, selected: inAssetOrder(asset, action.checklistIds) };
      case 'value': {
        const values = { ...state.values, [action.checklistId]: { ...state.values[action.checklistId], [action.attributeId]: action.value } };
        const flagged = isEmptyValue(action.value) ? state.flagged : unflag(state.flagged, action.checklistId, action.attributeId);
        return { ...state, values, flagged };
      }
      case 'comment':
        return { ...state, comments: { ...state.comments, [action.checklistId]: { ...state.comments[action.checklistId], [action.attributeId]: action.text } } };
      case 'flag':
        return { ...state, flagged: action.flagged };
      case 'clear':
        return { ...state, values: {}, comments: {}, flagged: {}, restoredAt: null };
    }
  };
}

function hasContent(values: FormValues, comments: FormComments): boolean {
  return (
    Object.values(values).some((byAttribute) => Object.values(byAttribute).some((value) => !isEmptyValue(value))) ||
    Object.values(comments).some((byAttribute) => Object.values(byAttribute).some((text) => text.trim() !== ''))
  );
}

/** Spec §9: a single checklist on an asset is preselected. */
function initialState(asset: InspectAsset, userId: string | null, draftScope: string): InspectionFormState {
  const preselected = asset.checklistDetails.length === 1 ? [asset.checklistDetails[0]!._id] : [];
  const draft = userId ? loadDraft(userId, draftScope) : null;
  if (draft && hasContent(draft.values, draft.comments)) {
    return { selected: inAssetOrder(asset, draft.selected), values: draft.values, comments: draft.comments, flagged: {}, restoredAt: draft.savedAt };
  }
  return { selected: preselected, values: {}, comments: {}, flagged: {}, restoredAt: null };
}

/**
 * One inspect panel's form: selection, values, comments, flags, and the unsent draft kept in step —
 * under the asset's id, or `draftScope` where the same asset is filled for another purpose (a work
 * order's procedure), so the two drafts do not overwrite each other.
 */
export function useInspectionForm(asset: InspectAsset, userId: string | null, draftScope: string = asset._id) {
  const [state, dispatch] = useReducer(reducerFor(asset), undefined, () => initialState(asset, userId, draftScope));

  useEffect(() => {
    if (!userId) return;
    if (hasContent(state.values, state.comments)) {
      saveDraft(userId, draftScope, { selected: state.selected, values: state.values, comments: state.comments, savedAt: Date.now() });
    } else {
      clearDraft(userId, draftScope);
    }
  }, [draftScope, userId, state.selected, state.values, state.comments]);

  // dispatch never changes, so neither do these: the memoised item fields re-render only for their own value.
  const actions = useMemo(
    () => ({
      toggle: (checklistId: string) => dispatch({ type: 'toggle', checklistId }),
      select: (checklistIds: string[]) => dispatch({ type: 'select', checklistIds }),
      setValue: (checklistId: string, attributeId: string, value: InspectionValue | null) => dispatch({ type: 'value', checklistId, attributeId, value }),
      setComment: (checklistId: string, attributeId: string, text: string) => dispatch({ type: 'comment', checklistId, attributeId, text }),
      flag: (flagged: ItemFlags) => dispatch({ type: 'flag', flagged }),
      /** After a successful submit, or when the technician discards a restored draft. */
      clear: () => dispatch({ type: 'clear' }),
    }),
    [],
  );
  return { state, ...actions };
}
