import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import { useApiFetch } from '../../../platform/dataProvider/useApiFetch';
import type { WorkOrderConfig } from '../../../../common/resources/workOrder';

export interface WorkOrderConfigState {
  config: WorkOrderConfig | null;
  error: string | null;
}

/**
 * GET /workOrder/config once per screen (spec §7): status and priority values, columns, filters,
 * sort, and the asset and user names. A failure is logged and left to the screen (spec §8: the
 * work order screens show no message for it).
 */
export function useWorkOrderConfig(): WorkOrderConfigState {
  const apiFetch = useApiFetch();
  const translate = useTranslate();
  const [state, setState] = useState<WorkOrderConfigState>({ config: null, error: null });
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<WorkOrderConfig>('/workOrder/config', { signal: controller.signal, offline: true }).then(
      (config) => setState({ config, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('work order config could not be loaded', error);
        setState({ config: null, error: errorMessageOf(error, translate) });
      },
    );
    return () => controller.abort();
  }, [apiFetch, translate]);
  return state;
}
