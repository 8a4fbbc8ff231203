import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import { apiQuery } from '../../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../../platform/dataProvider/useApiQuery';
import type { WorkOrderConfig } from '../../../../common/resources/workOrder';

export interface WorkOrderConfigState {
  config: WorkOrderConfig | null;
  error: string | null;
}

/** GET /workOrder/config, kept for offline use. */
export const workOrderConfigQuery = () => apiQuery<WorkOrderConfig>('/workOrder/config', { offline: true });

/**
 * GET /workOrder/config once per screen (spec §7): status and priority values, columns, filters,
 * sort, and the asset and user names. A failure is logged and left to the screen (spec §8: the
 * work order screens show no message for it).
 */
export function useWorkOrderConfig(): WorkOrderConfigState {
  const translate = useTranslate();
  const { data, error } = useApiQuery(workOrderConfigQuery());
  useEffect(() => {
    if (error) console.error('work order config could not be loaded', error);
  }, [error]);
  return { config: data ?? null, error: error ? errorMessageOf(error, translate) : null };
}
