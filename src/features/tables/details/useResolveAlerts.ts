import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useDialogs } from '../../../shared/ui/dialogs/DialogsProvider';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import { useApiFetch } from '../../../platform/dataProvider/useApiFetch';

/**
 * Resolving alerts with a remark (spec §4, §7 POST /alert/resolve {remark, ids}): the remark is
 * asked for and required; a refusal keeps the dialog open with the server's message. Answers
 * whether the alerts were resolved, so the caller can reload its detail.
 */
export function useResolveAlerts(): (ids: readonly string[]) => Promise<boolean> {
  const translate = useTranslate();
  const notify = useNotify();
  const dialogs = useDialogs();
  const apiFetch = useApiFetch();
  return useCallback(
    async (ids) => {
      if (ids.length === 0) return false;
      const remark = await dialogs.prompt({
        title: translate('app.detail.resolve_title', { smart_count: ids.length }),
        label: translate('app.detail.remark'),
        required: true,
        // Spec §5: the Resolve button stays disabled until a remark is typed.
        confirmLabel: translate('app.table.resolve'),
        onSubmit: async (text) => {
          try {
            await apiFetch('/alert/resolve', { method: 'POST', body: { remark: text, ids: [...ids] } });
          } catch (failure: unknown) {
            throw new Error(errorMessageOf(failure, translate));
          }
        },
      });
      if (remark === null) return false;
      notify('app.detail.resolved', { type: 'success', messageArgs: { smart_count: ids.length } });
      return true;
    },
    [apiFetch, dialogs, notify, translate],
  );
}
