import { useCallback, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { InspectionSubmitResponse } from '../../../../common/resources/inspection';
import { useApiFetch } from '../../../platform/dataProvider/useApiFetch';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import { queueOutboxItem } from '../../../platform/offline/outbox/outboxService';
import { localPhotoIdsIn } from '../../../platform/offline/outbox/outboxSender';
import { idempotencyHeaders, newIdempotencyKey, SAVED_ON_PHONE } from '../../../platform/offline/outbox/offlineWrite';
import { cannotReachServer, isOffline } from '../../../platform/offline/serverReach';
import { assetInspectPath } from '../assetInspectPath';
import type { InspectionDraft } from './draftStore';
import { prepareSubmission, type ItemFlags } from './submission';
import type { FormComments, FormValues, InspectChecklist } from './inspectTypes';

/** What an outbox item of an inspection keeps for Edit: the panel's draft (draftStore.ts). */
export interface QueuedInspectionDraft {
  assetId: string;
  /** Where the panel keeps its draft when not under the asset's id (a work order's procedure). */
  draftScope?: string;
  draft: InspectionDraft;
}

/**
 * A work order's procedure filled in this panel (DESIGN §18): the submission names the order
 * (`workOrder=<id>` in the query, through the same call and outbox as any checklist).
 */
export interface ProcedureSubmission {
  workOrder: string;
  /** The outbox item's label: the order's title. */
  label: string;
  /** Where Edit on a refused item leads: the procedure's form. */
  editPath: string;
  /** The panel's draft scope (useInspectionForm). */
  draftScope: string;
}

interface SubmitInput {
  assetId: string;
  /** The outbox item's label, and where Edit leads. */
  assetName: string;
  identification: string;
  selected: readonly InspectChecklist[];
  values: FormValues;
  comments: FormComments;
  onFlag: (missing: ItemFlags) => void;
  onSubmitted: () => void;
  procedure?: ProcedureSubmission;
}

/**
 * Spec §5 submit of one panel, network first (docs/offline.md): with an Idempotency-Key made at
 * the press of Submit and the time of that press. When the server cannot be reached (no network,
 * 5xx) — or a photo of it was taken offline — it goes into the outbox instead with that key and
 * time, and the form clears as after a success. An answer of the server (4xx) is shown as before.
 *
 * Spec §5 submit of one panel. A second tap while the first is on its way does nothing: the ref
 * guards synchronously (state would only disable the button after the next render), the state
 * disables the button. Typed values stay when the call fails; the server's message is shown (§8).
 */
export function useSubmitInspection() {
  const apiFetch = useApiFetch();
  const notify = useNotify();
  const translate = useTranslate();
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);

  const submit = useCallback(
    async ({ assetId, assetName, identification, selected, values, comments, onFlag, onSubmitted, procedure }: SubmitInput) => {
      if (inFlight.current) return;
      const check = prepareSubmission(selected, values, comments);
      if (check.kind === 'empty') {
        notify('app.inspection.nothing_to_submit', { type: 'warning' });
        return;
      }
      if (check.kind === 'blocked') {
        onFlag(check.missing);
        const hasMissing = Object.keys(check.missing).length > 0;
        notify(hasMissing ? 'app.inspection.mandatory_not_set' : 'app.inspection.invalid_values', { type: 'error' });
        return;
      }
      inFlight.current = true;
      setSending(true);
      const key = newIdempotencyKey();
      const timestamp = Date.now();
      const photoIds = localPhotoIdsIn(check.body);
      const query: Record<string, string | number> = procedure ? { assetId, timestamp, workOrder: procedure.workOrder } : { assetId, timestamp };
      const queue = async (sendNow: boolean) => {
        const draft: QueuedInspectionDraft = {
          assetId,
          ...(procedure ? { draftScope: procedure.draftScope } : {}),
          draft: { selected: selected.map((checklist) => checklist._id), values, comments, savedAt: timestamp },
        };
        await queueOutboxItem(
          {
            id: key,
            kind: 'inspection',
            createdAt: timestamp,
            label: procedure?.label ?? assetName,
            request: { method: 'POST', path: '/inspection', query, body: check.body },
            photoIds,
            draft,
            editPath: procedure?.editPath ?? assetInspectPath(identification),
          },
          { sendNow },
        );
        notify(SAVED_ON_PHONE, { type: 'info' });
        onSubmitted();
      };
      try {
        // A photo taken offline has no file id yet: the outbox uploads it first, then sends this.
        if (photoIds.length > 0 || isOffline()) await queue(!isOffline());
        else {
          await apiFetch<InspectionSubmitResponse>('/inspection', {
            method: 'POST',
            query,
            body: check.body,
            headers: idempotencyHeaders(key),
          });
          notify('app.inspection.submitted', { type: 'success' });
          onSubmitted();
        }
      } catch (error: unknown) {
        if (cannotReachServer(error)) {
          try {
            await queue(false);
            return;
          } catch {
            // IndexedDB could not take it: the form keeps everything and shows why the call failed.
          }
        }
        const message = errorMessageOf(error, translate);
        // `_`: the server's words are shown as they are, not looked up as a translation key.
        notify(message, { type: 'error', messageArgs: { _: message } });
      } finally {
        inFlight.current = false;
        setSending(false);
      }
    },
    [apiFetch, notify, translate],
  );

  return { submit, sending };
}
