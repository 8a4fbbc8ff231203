import type { AlertHistoryEntry, ExplainedRule, PointLevel } from './alertRule';

/** GET /alert/:id's `measurement` (server/modules/alerts/alertReads.ts): a point's alert as its detail explains it. */
export interface PointAlertView {
  point: string;
  pointName: string | null;
  unit: string;
  level: PointLevel;
  repeats: number;
  lastValue: number | null;
  lastAt: number | null;
  worstValue: number | null;
  worstAt: number | null;
  clearedAt: number | null;
  explanation: { rule: ExplainedRule; history: AlertHistoryEntry[] } | null;
}

/** A value with its unit, as a person writes it: 31.5 °C. */
export const withUnit = (value: number | null, unit: string): string => (value === null ? '' : `${Number(value.toPrecision(12))}${unit ? ` ${unit}` : ''}`);
