import { useCallback, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { InspectionSubmitResponse } from '../../../../common/resources/inspection';
import { useApiFetch } from '../../../dataProvider/useApiFetch';
import { errorMessageOf } from '../../../common-ui/errorMessageOf';
import { prepareSubmission, type ItemFlags } from './submission';
import type { FormComments, FormValues, InspectChecklist } from './inspectTypes';

interface SubmitInput {
  assetId: string;
  selected: readonly InspectChecklist[];
  values: FormValues;
  comments: FormComments;
  onFlag: (missing: ItemFlags) => void;
  onSubmitted: () => void;
}

/**
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
    async ({ assetId, selected, values, comments, onFlag, onSubmitted }: SubmitInput) => {
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
      try {
        await apiFetch<InspectionSubmitResponse>('/inspection', {
          method: 'POST',
          query: { assetId, timestamp: Date.now() },
          body: check.body,
        });
        notify('app.inspection.submitted', { type: 'success' });
        onSubmitted();
      } catch (error: unknown) {
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
