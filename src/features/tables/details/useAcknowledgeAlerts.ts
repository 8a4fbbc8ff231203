import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import { useApiFetch } from '../../../platform/dataProvider/useApiFetch';

/**
 * Acknowledging alerts (POST /alert/acknowledge {ids}, resolve-alert; docs/work-orders.md "Alerts:
 * acknowledged"): someone has taken them on — the first acknowledgement is kept, and the mean time
 * to acknowledge counts to it. Nothing is asked; success and failure (the server's message) are
 * notified. Answers whether they were acknowledged, so the caller can read its detail again.
 */
export function useAcknowledgeAlerts(): (ids: readonly string[]) => Promise<boolean> {
  const translate = useTranslate();
  const notify = useNotify();
  const apiFetch = useApiFetch();
  return useCallback(
    async (ids) => {
      if (ids.length === 0) return false;
      try {
        await apiFetch('/alert/acknowledge', { method: 'POST', body: { ids: [...ids] } });
      } catch (failure: unknown) {
        const message = errorMessageOf(failure, translate);
        // `_`: the server's words are shown as they are, not looked up as a translation key.
        notify(message, { type: 'error', messageArgs: { _: message } });
        return false;
      }
      notify('app.detail.acknowledged', { type: 'success', messageArgs: { smart_count: ids.length } });
      return true;
    },
    [apiFetch, notify, translate],
  );
}
