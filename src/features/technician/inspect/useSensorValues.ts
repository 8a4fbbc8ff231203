import { useMemo } from 'react';
import { apiQuery } from '../../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../../platform/dataProvider/useApiQuery';
import type { LatestPoint } from '../../monitoring/PointTrends';

export interface SensorValue {
  value: number;
  timestamp: number;
  unit: string;
  pointName: string;
}

export interface SensorValues {
  /** The latest sensor reading of a measurement point that maps this attribute, if one has any. */
  get(attributeId: string): SensorValue | undefined;
}

/**
 * GET /measurementPoint/latest?asset=: each mapped attribute's latest sensor reading, shown beside
 * the checklist item that measures it (DESIGN §17). Asked beside the page, never blocking it: a
 * failure (offline in a basement) leaves the line out.
 */
export function useSensorValues(assetId: string, allowed: boolean): SensorValues {
  const { data } = useApiQuery({ ...apiQuery<LatestPoint[]>(`/measurementPoint/latest?asset=${encodeURIComponent(assetId)}`), enabled: allowed });
  return useMemo(() => {
    const byAttribute = new Map<string, SensorValue>();
    for (const point of Array.isArray(data) ? data : []) {
      if (!point.attribute || point.lastValue === null || point.lastTs === null) continue;
      const known = byAttribute.get(point.attribute);
      if (!known || known.timestamp < point.lastTs) byAttribute.set(point.attribute, { value: point.lastValue, timestamp: point.lastTs, unit: point.unit, pointName: point.name });
    }
    return { get: (attributeId) => byAttribute.get(attributeId) };
  }, [data]);
}
