import type { TranslateFunction } from 'react-admin';
import { TITLE_MAX_LENGTH, type WorkOrderConfig } from '../../../../common/resources/workOrder';
import type { WorkOrderFormState } from '../dialog/workOrderForm';

/** What an order opened from an alert is made of (GET /alert/{id}). */
export interface AlertForWorkOrder {
  _id: string;
  asset: string;
  assetName?: string;
  level: string;
  levelName?: string;
  /** The alert's text, already read out of its HTML. */
  text: string;
  /** A measurement point's alert (DESIGN §17) rather than an inspection's or a job's. */
  fromMeasurementPoint?: boolean;
}

/** GET /alertLevel: rank 1 is the most severe. */
export interface RankedAlertLevel {
  _id: string;
  name: string;
  rank: number;
}

/** An order opened from an alert is due a day later (as the server's own rule, docs/work-orders.md). */
export const ALERT_ORDER_DUE_MS = 24 * 60 * 60 * 1000;

const sameText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

/**
 * The priority an alert's order starts with: High for the most severe level (the first priority
 * value when High is not configured); else the priority named like the level (a High level → High);
 * else the priority at the level's place in the severity order — as the server's rule for orders
 * it opens itself. '' when nothing fits: the engineer chooses.
 */
export function priorityForAlertLevel(levelId: string, levelName: string | undefined, levels: readonly RankedAlertLevel[], priorityValues: readonly string[]): string {
  if (priorityValues.length === 0) return '';
  const ordered = [...levels].sort((a, b) => a.rank - b.rank);
  const level = ordered.find((candidate) => candidate._id === levelId);
  const mostSevere = ordered[0];
  if (level && mostSevere && level.rank === mostSevere.rank) return priorityValues.find((value) => sameText(value, 'High')) ?? priorityValues[0] ?? '';
  const name = level?.name ?? levelName;
  const named = name ? priorityValues.find((value) => sameText(value, name)) : undefined;
  if (named) return named;
  if (!level) return '';
  return priorityValues[Math.min(ordered.indexOf(level), priorityValues.length - 1)] ?? '';
}

/**
 * The new order's form, prefilled from the alert: its title '<level> alert: <asset>' and the
 * alert's text, its asset, the priority above, the first status, from now until a day later, and
 * the type the server's rule gives an alert's order (condition-based for a measurement point's
 * alert, else an inspection follow-up: DESIGN §18). The assignee is left for the engineer to choose.
 */
export function alertWorkOrderDraft(
  alert: AlertForWorkOrder,
  levels: readonly RankedAlertLevel[],
  config: Pick<WorkOrderConfig, 'priorityValues' | 'statusValues'>,
  now: number,
  translate: TranslateFunction,
): Partial<WorkOrderFormState> {
  const names = { level: alert.levelName ?? '', asset: alert.assetName ?? alert.asset };
  const title = alert.text ? translate('app.work_order_screen.alert_title_with_text', { ...names, text: alert.text }) : translate('app.work_order_screen.alert_title', names);
  const start = Math.floor(now / 60_000) * 60_000;
  return {
    title: title.length > TITLE_MAX_LENGTH ? `${title.slice(0, TITLE_MAX_LENGTH - 1)}…` : title,
    asset: alert.asset,
    priority: priorityForAlertLevel(alert.level, alert.levelName, levels, config.priorityValues),
    status: config.statusValues[0] ?? '',
    startTimestamp: start,
    endTimestamp: start + ALERT_ORDER_DUE_MS,
    type: alert.fromMeasurementPoint ? 'condition-based' : 'inspection-follow-up',
  };
}
